/// Something that reads an image of a table as the structure of its cells, without their text,
/// such as `SLANetModel` in `OCRKitONNX`. `TableReader` in `OCRKitStructure` fills the cells
/// with the words the page's engine read.
///
/// ```swift
/// let tableModel: any TableStructureModel = try SLANetModel()
/// let read = try await tableModel.structure(of: image)   // a Bitmap of a table
/// print(read.tokens.joined())   // <thead><tr><td></td>...
/// ```
public protocol TableStructureModel: Sendable {
    /// The structure of the table in `image`, the whole image being the table.
    func structure(of image: Bitmap) async throws -> TableStructurePrediction
}

/// What a ``TableStructureModel`` read of a table.
public struct TableStructurePrediction: Sendable, Hashable {
    /// The HTML tokens of the table's structure, in order, without `<table>` around them: `<tr>`,
    /// `<td></td>`, or a cell with spans as `<td`, ` colspan="2"`, `>`, `</td>`.
    public var tokens: [String]
    /// How sure the model was of each token, as its probability.
    public var probabilities: [Double]
    /// The box of each cell, in the order of the cells' opening tokens (`<td></td>` or `<td`), in
    /// the image's pixels.
    public var cellBoxes: [Rect]

    public init(tokens: [String], probabilities: [Double], cellBoxes: [Rect]) {
        self.tokens = tokens
        self.probabilities = probabilities
        self.cellBoxes = cellBoxes
    }
}
