import Foundation
import OCRKit
import OCRKitEngines
import OCRKitEvaluation
import OCRKitImages

/// Reading photos of pages: the flat originals, the photos as taken, and the photos straightened.
///
/// Every image of a manifest.tsv (image<TAB>truth lines, such as ../shared/datasets/sroie's
/// scanned receipts) is photographed with a simulated phone: the page on a table (wood, cloth,
/// stone, a coloured or a pale desk), tilted up to 20 degrees, seen at an angle, nearer or
/// farther, a third of the photos sideways or upside down, under uneven light with a shadow
/// across a third of them, with sensor noise. The photos are the same on every run of a seed.
///
/// Then it reads, with the same engine and jobs: the flat originals; the photos as taken; the
/// photos straightened; and, as the peer, the tesseract command on the photos with `--psm 1`, its
/// own orientation detection. It reports images per second and bag-of-words F1 for each, how far
/// the straightened photos' F1 is from the originals', how often the page was found (its corners
/// within 1.5% of the photo's diagonal) and set upright, and how long straightening alone takes.
///
/// ```swift
/// var benchmark = StraighteningBenchmark(manifest: "../shared/datasets/sroie/manifest.tsv", settings: EngineSettings(.tesseract))
/// benchmark.limit = 2
/// try await benchmark.run { print($0) }
/// ```
public struct StraighteningBenchmark: Sendable {
    /// The data set's manifest.tsv.
    public var manifest: String
    /// The engine the three passes read with.
    public var settings: EngineSettings
    /// Only the first images, when set.
    public var limit: Int?
    /// The seed the photos are made from.
    public var seed: UInt64 = 1
    /// Images read at once, and tesseract processes at once.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// A folder to keep the photos in, to look at; by default they are removed.
    public var photoFolder: String?
    /// Whether each photo's background, turn, corner error and word F1 (as taken and
    /// straightened) are reported too.
    public var reportsPhotos = false

    public init(manifest: String, settings: EngineSettings) {
        self.manifest = manifest
        self.settings = settings
    }

    /// Photographs, reads the three passes and the peer, and hands `report` the figures.
    public func run(report: (String) -> Void) async throws {
        let set = try Manifest(contentsOf: manifest)
        let entries = Array(set.entries.prefix(limit ?? .max))
        guard !entries.isEmpty else { throw OCRError(.invalidOption, path: manifest, reason: "lists no images") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-bench-straighten-\(UUID().uuidString)")
        let keptFolder = photoFolder.map { URL(fileURLWithPath: $0) } ?? folder
        try FileManager.default.createDirectory(at: keptFolder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        var settings = settings
        settings.jobs = jobs
        let reader = try PageReader(settings: settings, straightensPhotos: true)
        let photos = try await Self.photograph(entries, seed: seed, into: keptFolder, jobs: jobs, decoder: reader.decoder)
        report("\(set.name): \(entries.count) images photographed (seed \(seed)), \(photos.filter { $0.page.quarterTurns != 0 }.count) "
               + "sideways or upside down; engine \(settings.choice.rawValue), \(jobs) jobs, \(ProcessInfo.processInfo.activeProcessorCount) cores")
        report("contender                              images/s   word F1")

        var plain = RecognitionOptions(alternativeCount: 0)
        plain.flagThreshold = 0
        var straightening = plain
        straightening.straightensPage = true
        let flat = try await Self.read(entries.map(\.imagePath), reader: reader, options: plain, jobs: jobs)
        let asTaken = try await Self.read(photos.map(\.path), reader: reader, options: plain, jobs: jobs)
        let straightened = try await Self.read(photos.map(\.path), reader: reader, options: straightening, jobs: jobs)
        let peer = try await TesseractPeer(jobs: jobs, limitsThreads: true, options: ["--psm", "1"])
            .read(photos.map(\.path), folder: folder)

        let truths = entries.map(\.truth)
        let scores = [
            ("flat originals", flat.score(entries.map(\.imagePath), truths)),
            ("photos as taken", asTaken.score(photos.map(\.path), truths)),
            ("photos straightened (--straighten)", straightened.score(photos.map(\.path), truths)),
            ("tesseract --psm 1 on the photos", Reads(texts: peer.texts, seconds: peer.seconds).score(photos.map(\.path), truths)),
        ]
        for (name, score) in scores {
            report(name.padding(toLength: 37, withPad: " ", startingAt: 0)
                   + String(format: "%10.2f %9.4f", score.imagesPerSecond, score.f1))
        }
        report(String(format: "straightened against flat: %+.1f points of word F1 (target: within 3); as taken %+.1f; peer %+.1f",
                      (scores[2].1.f1 - scores[0].1.f1) * 100, (scores[1].1.f1 - scores[0].1.f1) * 100,
                      (scores[3].1.f1 - scores[0].1.f1) * 100))
        report(String(format: "ocr --straighten vs tesseract --psm 1: %.2fx the images per second", scores[2].1.imagesPerSecond / scores[3].1.imagesPerSecond))
        try await reportStraightening(photos, straightened: straightened, asTaken: asTaken, truths: truths, reader: reader, report: report)
    }

    /// How well pages were found and turned, and how long straightening alone takes.
    private func reportStraightening(_ photos: [Photo], straightened: Reads, asTaken: Reads, truths: [String],
                                   reader: PageReader, report: (String) -> Void) async throws {
        var found = 0, accurate = 0, upright = 0, errors: [Double] = []
        for (photo, truth) in zip(photos, truths) {
            let straightening = straightened.pages[photo.path]?.straightening
            var line = "\(photo.path): \(photo.page.background), \(photo.page.quarterTurns) turns"
            if let corners = straightening?.corners {
                found += 1
                let match = photo.page.match(corners)
                let error = match.distance / hypot(Double(photo.width), Double(photo.height))
                errors.append(error)
                if error < 0.015 { accurate += 1 }
                if straightening?.quarterTurns == match.quarterTurnsToUpright { upright += 1 }
                line += String(format: ", corners off by %.1f%%, turned %d", error * 100, straightening?.quarterTurns ?? 0)
            } else {
                line += ", no page found"
            }
            if reportsPhotos {
                func f1(_ reads: Reads) -> Double {
                    var score = WordScore()
                    score.add(reading: reads.pages[photo.path]?.text ?? "", truth: truth)
                    return score.f1
                }
                report(line + String(format: "; F1 as taken %.3f, straightened %.3f", f1(asTaken), f1(straightened)))
            }
        }
        let count = photos.count
        report(String(format: "pages found %d/%d, corners within 1.5%% of the diagonal %d/%d (mean error %.2f%%); set upright %d/%d",
                     found, count, accurate, count, (errors.reduce(0, +) / Double(max(1, errors.count))) * 100, upright, count))

        // Straightening alone, decoding included: what --straighten adds to a read.
        guard let straightener = reader.straightener else { return }
        let start = ContinuousClock.now
        _ = try await photos.map(\.path).concurrentMap(jobs: jobs) { path in
            _ = try await straightener.straighten(try await reader.decoder.decode(contentsOf: path, maximumSide: nil))
        }
        let seconds = (ContinuousClock.now - start).timeInterval
        report(String(format: "straightening alone (decoding included): %.0f ms a photo, %.0f%% of a straightened read's time",
                     seconds * Double(jobs) / Double(count) * 1000, seconds / straightened.seconds * 100))
    }

    /// A photo of one of the data set's images, written to a file.
    private struct Photo: Sendable {
        var path: String
        var width: Int
        var height: Int
        var page: PhotographedPage
    }

    private static func photograph(_ entries: [Manifest.Entry], seed: UInt64, into folder: URL, jobs: Int,
                                   decoder: any ImageDecoder) async throws -> [Photo] {
        let simulation = DocumentPhotoSimulation(seed: seed)
        return try await Array(entries.indices).concurrentMap(jobs: jobs) { index in
            let original = try await decoder.decode(contentsOf: entries[index].imagePath, maximumSide: nil)
            let photo = simulation.photo(of: original, number: index)
            let path = folder.appendingPathComponent(String(format: "photo-%04d.jpg", index)).path
            try ImageWriter.write(photo.bitmap, to: path)
            return Photo(path: path, width: photo.bitmap.width, height: photo.bitmap.height, page: photo.page)
        }
    }

    /// What one pass read, and how long it took.
    private struct Reads {
        var texts: [String: String]
        var pages: [String: Page] = [:]
        var seconds: Double

        func score(_ paths: [String], _ truths: [String]) -> (imagesPerSecond: Double, f1: Double) {
            var words = WordScore()
            for (path, truth) in zip(paths, truths) { words.add(reading: texts[path] ?? "", truth: truth) }
            return (Double(paths.count) / seconds, words.f1)
        }
    }

    /// Reads `paths`, `jobs` at once; images that fail are left out.
    private static func read(_ paths: [String], reader: PageReader, options: RecognitionOptions, jobs: Int) async throws -> Reads {
        let start = ContinuousClock.now
        let read = try await paths.concurrentMap(jobs: jobs) { path in try? await reader.read(path, options: options) }
        let pages = Dictionary(read.compactMap { $0 }.map { ($0.image, $0) }, uniquingKeysWith: { first, _ in first })
        return Reads(texts: pages.mapValues(\.text), pages: pages, seconds: (ContinuousClock.now - start).timeInterval)
    }
}
