import OCRKit

extension TesseractEngine: LineRecognizer {
    /// Reads each of `quads` as one line (Tesseract's single-line mode, whatever the engine's
    /// page segmentation mode), in the bounding box of the quad with room around it for the marks
    /// of its letters: how a line another engine found is read in another script's language.
    ///
    /// ```swift
    /// let whole = Rect(x: 0, y: 0, width: Double(bitmap.width), height: Double(bitmap.height)).quad
    /// let lines = try await tesseract.recognizeLines(along: [whole], in: bitmap, options: RecognitionOptions(languages: ["hin"]))
    /// ```
    public func recognizeLines(along quads: [Quad], in bitmap: Bitmap, options: RecognitionOptions) async throws -> [Line?] {
        let info = self.info
        let regions = quads.map { Self.lineRegion(around: $0, in: bitmap) }
        return try await workers.run { sessions in
            let session = try sessions.session(for: options.languages)
            return try regions.map { region -> Line? in
                guard let region else { return nil }
                var line = options
                line.regionOfInterest = region
                let lines = try session.recognize(bitmap, options: line, mode: .singleLine, engine: info).lines
                    .filter { !$0.text.isEmpty }
                return lines.isEmpty ? nil : Line(joining: lines)
            }
        }
    }

    /// The normalised region a line along `quad` (in pixels) is read in: its bounding box with
    /// room for its marks (``OCRKit/Rect/lineReadingRegion``), within the bitmap; `nil` when
    /// nothing of it lies inside.
    static func lineRegion(around quad: Quad, in bitmap: Bitmap) -> Rect? {
        guard let pixels = bitmap.pixelBounds(of: quad.boundingRect.lineReadingRegion) else { return nil }
        return pixels.scaled(width: 1 / Double(bitmap.width), height: 1 / Double(bitmap.height))
    }
}
