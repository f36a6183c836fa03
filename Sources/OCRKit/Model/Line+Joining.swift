extension Line {
    /// One line made of pieces of it, as a text detector finds a line with wide gaps ("Milk 2L",
    /// then "1.45"): their words in turn from left to right, the box around all, the quad from
    /// the first piece's left edge to the last's right edge. Where pieces overlap, a word read
    /// across another piece is left out: that piece read the same ink.
    ///
    /// ```swift
    /// let line = Line(joining: [price, item])
    /// print(line.text)   // "Milk 2L 1.45"
    /// ```
    ///
    /// - Precondition: at least one piece.
    public init(joining pieces: [Line]) {
        precondition(!pieces.isEmpty, "a line needs at least one piece")
        let pieces = pieces.sorted { $0.box.minX < $1.box.minX }
        let characters = pieces.map { Double(max($0.text.count, 1)) }
        let confidence = zip(pieces, characters).map { $0.confidence * $1 }.reduce(0, +) / characters.reduce(0, +)
        let first = pieces[0].quad, last = pieces[pieces.count - 1].quad
        let words = pieces.indices.map { index in
            pieces[index].words.filter { word in !pieces.indices.contains { $0 != index && pieces[$0].holdsMiddle(of: word) } }
        }
        let texts = pieces.indices.map { words[$0].count == pieces[$0].words.count ? pieces[$0].text : words[$0].map(\.text).joined(separator: " ") }
        self.init(text: texts.filter { !$0.isEmpty }.joined(separator: " "), confidence: confidence,
                  box: pieces.dropFirst().reduce(pieces[0].box) { $0.union($1.box) },
                  quad: Quad(topLeft: first.topLeft, topRight: last.topRight, bottomRight: last.bottomRight, bottomLeft: first.bottomLeft),
                  words: words.flatMap { $0 })
    }

    /// Whether `word`'s middle lies in this piece's box: a word of another piece read there is
    /// the same ink read twice, where a detector's boxes of one line overlap (PP-OCR's
    /// `Indoeuropäische S` and `e Sprachen`, joined as `Indoeuropäische S e Sprachen`).
    private func holdsMiddle(of word: Word) -> Bool {
        box.contains(Point(x: word.box.midX, y: word.box.midY))
    }
}
