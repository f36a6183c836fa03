extension Line {
    /// One line made of pieces of it, as a text detector finds a line with wide gaps ("Milk 2L",
    /// then "1.45"): their words in turn from left to right, the box around all, the quad from
    /// the first piece's left edge to the last's right edge.
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
        self.init(text: pieces.map(\.text).joined(separator: " "), confidence: confidence,
                  box: pieces.dropFirst().reduce(pieces[0].box) { $0.union($1.box) },
                  quad: Quad(topLeft: first.topLeft, topRight: last.topRight, bottomRight: last.bottomRight, bottomLeft: first.bottomLeft),
                  words: pieces.flatMap(\.words))
    }
}
