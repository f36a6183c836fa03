import OCRKitEvaluation

/// How readings are scored against a data set's truth.
struct Scoring {
    /// Whether case is ignored in the character error rate.
    var foldCase: Bool
    /// Whether the truths are number plates, scored by ``PlateScore``.
    var plates: Bool
}

/// What one contender read and what it cost.
struct Run {
    var name: String
    var seconds: Double
    var peakBytes: Int
    /// Text read, by image path; images that failed are missing.
    var texts: [String: String]
    /// The time ONNX models took, summed over threads, when the contender reports it.
    var inferenceSeconds: Double?
    /// The pages read in each set of languages, for `ocr read`'s runs.
    var languageCounts: [(languages: String, pages: Int)] = []

    func scored(_ entries: [Manifest.Entry], scoring: Scoring) -> Row {
        var characters = CharacterErrorRate(caseSensitive: !scoring.foldCase)
        var words = WordScore()
        var plates = PlateScore()
        for entry in entries {
            let text = texts[entry.imagePath] ?? ""
            characters.add(reading: text, truth: entry.truth)
            words.add(reading: text, truth: entry.truth)
            plates.add(reading: text, plate: entry.truth)
        }
        return Row(name: name, imagesPerSecond: Double(entries.count) / seconds, cer: characters.rate, f1: words.f1,
                   plateAccuracy: plates.accuracy, peakMegabytes: Double(peakBytes) / 1_048_576,
                   failed: entries.count - texts.count)
    }
}

struct Row {
    static func header(_ scoring: Scoring) -> String {
        "contender                    images/s      CER   word F1" + (scoring.plates ? "  plates" : "") + "   peak MB  failed"
    }

    var name: String
    var imagesPerSecond: Double
    var cer: Double
    var f1: Double
    var plateAccuracy: Double
    var peakMegabytes: Double
    var failed: Int

    func line(_ scoring: Scoring) -> String {
        name.padding(toLength: 27, withPad: " ", startingAt: 0)
            + String(format: "%10.2f %8.4f %9.4f", imagesPerSecond, cer, f1)
            + (scoring.plates ? String(format: " %7.4f", plateAccuracy) : "")
            + String(format: " %9.1f %7d", peakMegabytes, failed)
    }
}
