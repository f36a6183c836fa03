extension Line {
    /// What the line says and how sure its engine is of it, word by word: each word's text and
    /// confidence, or the line's own where it has no words. What measures of a reading's
    /// confidence by character go through (``ConfidenceCalibration/probability(of:)``).
    public var readings: [(text: String, confidence: Double)] {
        words.isEmpty ? [(text, confidence)] : words.map { ($0.text, $0.confidence) }
    }
}
