import Hummingbird
import OCRKit
import OCRKitServer
import Testing

/// Each failure of a read answered with the status that says whose it is: 4xx for what the
/// client sent, 5xx for the server's own trouble.
struct APIErrorTests {
    @Test func theServersOwnFailuresAre5xxAndTheClientsAre4xx() {
        let servers: Set<OCRError.Code> = [.notWritable, .engineFailure, .storeFailure, .outOfMemory, .interrupted]
        for code in OCRError.Code.allCases {
            let status = APIError(OCRError(code, path: "scan.png", reason: "failed")).status.code
            #expect(servers.contains(code) ? status >= 500 : (400..<500).contains(status), "\(code): \(status)")
        }
        #expect(APIError(OCRError(.notWritable, path: "/var/ocr/out.pdf", reason: "no space left on device")).status == .internalServerError)
    }

    /// The server's own codes and the readers' share one type, each written once; a client
    /// compares their words.
    @Test func codesAreTheWordsAClientCompares() {
        // Example from Sources/OCRKitServer/APIError+Code.swift
        let missing = APIError(.notFound, code: .notFound, message: "there is no batch 7")
        let refused = APIError(OCRError(.invalidOption, reason: "limit must be a whole number"))   // 400
        print(missing.code.rawValue, refused.code.rawValue)   // not-found invalid-option

        #expect(missing.code.rawValue == "not-found" && refused.code.rawValue == "invalid-option")
        #expect(refused.status == .badRequest && refused.message == "limit must be a whole number")
        #expect(APIError(OCRError(.tooLarge, reason: "too large")).code == APIError.Code(.tooLarge))
    }
}
