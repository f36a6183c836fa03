import Foundation
import OCRKit
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A table as ``TEDS`` compares it: its HTML's elements as a tree (`table`, `thead`, `tbody`,
/// `tr`, `td`), each cell with its spans and its text. A `th` counts as a `td`; formatting in a
/// cell (`<b>`, `<i>`, `<sup>`) counts as its text, and runs of white space as one space, as the
/// tables of PubTabNet are scored; a block in a cell (a list's items, paragraphs, a line break)
/// is its words apart from the next block's, as printed.
///
/// ```swift
/// let table = try TableTree(html: "<table><tr><th>Item</th><td colspan=\"2\">Price</td></tr></table>")
/// print(table.nodeCount)   // 4: the table, its row and two cells
/// ```
public struct TableTree: Hashable, Sendable {
    /// `table`, `thead`, `tbody`, `tr` or `td`.
    public var tag: String
    /// A cell's spans, 1 for a node that is not a cell.
    public var rowSpan = 1
    public var columnSpan = 1
    /// A cell's text, white space collapsed; empty for a node that is not a cell.
    public var text = ""
    public var children: [TableTree] = []

    public init(tag: String, rowSpan: Int = 1, columnSpan: Int = 1, text: String = "", children: [TableTree] = []) {
        self.tag = tag
        self.rowSpan = rowSpan
        self.columnSpan = columnSpan
        self.text = text
        self.children = children
    }

    /// The table `html` holds: its first `table` element.
    ///
    /// - Throws: an ``OCRKit/OCRError/Code/corrupt`` error when the HTML is not well formed, or
    ///   holds no table.
    public init(html: String) throws {
        let builder = Builder()
        let parser = XMLParser(data: Data(("<html>" + html + "</html>").utf8))
        parser.delegate = builder
        guard parser.parse() else {
            throw OCRError(.corrupt, reason: "the table's HTML is not well formed: \(parser.parserError.map { "\($0)" } ?? "unknown error")")
        }
        guard let table = builder.table else { throw OCRError(.corrupt, reason: "the HTML holds no table") }
        self = table
    }

    /// How many nodes the tree has, itself included.
    public var nodeCount: Int {
        1 + children.reduce(0) { $0 + $1.nodeCount }
    }

    /// Builds the tree as the parser reports elements.
    private final class Builder: NSObject, XMLParserDelegate {
        static let structure: Set<String> = ["table", "thead", "tbody", "tr", "td"]
        /// Elements inside a cell that part its words from what follows.
        static let blocks: Set<String> = ["li", "p", "br", "div", "ul", "ol"]
        private(set) var table: TableTree?
        /// The open nodes, the innermost last.
        private var open: [TableTree] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let tag = name.lowercased() == "th" ? "td" : name.lowercased()
            if open.last?.tag == "td", Self.blocks.contains(tag) { open[open.count - 1].text += " " }
            guard table == nil, Self.structure.contains(tag), open.last?.tag != "td" else { return }
            guard tag == "table" || !open.isEmpty else { return }
            open.append(TableTree(tag: tag, rowSpan: attributes["rowspan"].flatMap(Int.init) ?? 1,
                                  columnSpan: attributes["colspan"].flatMap(Int.init) ?? 1))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard open.last?.tag == "td" else { return }
            open[open.count - 1].text += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            let tag = name.lowercased() == "th" ? "td" : name.lowercased()
            if open.last?.tag == "td", Self.blocks.contains(tag) { open[open.count - 1].text += " " }
            guard let last = open.last, last.tag == tag else { return }
            var node = open.removeLast()
            node.text = node.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if open.isEmpty {
                table = node
            } else {
                open[open.count - 1].children.append(node)
            }
        }
    }
}
