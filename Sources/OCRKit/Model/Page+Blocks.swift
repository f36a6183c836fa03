extension Page {
    /// What the page's blocks say, in reading order: a table's block as `table` writes it, any
    /// other block's paragraphs each as `paragraph` writes its lines joined by a line break.
    package func blockTexts(table: (Table) -> String, paragraph: (String) -> String) -> [String] {
        let tableOfBlock = Dictionary(tables.compactMap { table in table.block.map { ($0, table) } }) { first, _ in first }
        // A table with no text has no block: it comes first, for want of a place.
        var texts = tables.filter { $0.block == nil }.map(table)
        for (index, block) in blocks.enumerated() {
            if let found = tableOfBlock[index] {
                texts.append(table(found))
                continue
            }
            texts += block.paragraphs.map { paragraph(paragraphs[$0].lines.map { lines[$0].text }.joined(separator: "\n")) }
        }
        return texts
    }
}
