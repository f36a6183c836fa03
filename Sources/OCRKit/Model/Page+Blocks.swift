extension Page {
    /// What the page's blocks say, in reading order: a table's block as `table` writes it, any
    /// other block's paragraphs each as `paragraph` writes its lines joined by a line break.
    /// `blocks` chooses a run of them; for the whole page, tables with no text come first.
    package func blockTexts(table: (Table) -> String, paragraph: (String) -> String, blocks chosen: Range<Int>? = nil) -> [String] {
        let tableOfBlock = Dictionary(tables.compactMap { table in table.block.map { ($0, table) } }) { first, _ in first }
        // A table with no text has no block: for want of a place, it comes first.
        var texts = chosen == nil ? tables.filter { $0.block == nil }.map(table) : []
        for index in chosen ?? blocks.indices {
            if let found = tableOfBlock[index] {
                texts.append(table(found))
                continue
            }
            texts += blocks[index].paragraphs.map { paragraph(paragraphs[$0].lines.map { lines[$0].text }.joined(separator: "\n")) }
        }
        return texts
    }

    /// The page's content in reading order for writers that show its structure: each region's
    /// kind and what its blocks say (as ``blockTexts(table:paragraph:blocks:)``); blocks in no
    /// region, and every block of a page whose regions were not read, with no kind.
    package func sections(table: (Table) -> String, paragraph: (String) -> String) -> [(kind: Region.Kind?, texts: [String])] {
        guard !regions.isEmpty else { return [(nil, blockTexts(table: table, paragraph: paragraph))] }
        return blockGroups.map { ($0.region?.kind, blockTexts(table: table, paragraph: paragraph, blocks: $0.blocks)) }
    }

    /// The page's blocks in order, in runs: each region's (a figure's may be empty), and the
    /// runs of blocks in no region.
    package var blockGroups: [(region: Region?, blocks: Range<Int>)] {
        var groups: [(region: Region?, blocks: Range<Int>)] = []
        var covered = 0
        for region in regions.sorted(by: { $0.blocks.lowerBound < $1.blocks.lowerBound }) {
            if region.blocks.lowerBound > covered { groups.append((nil, covered..<region.blocks.lowerBound)) }
            groups.append((region, region.blocks))
            covered = max(covered, region.blocks.upperBound)
        }
        if covered < blocks.count { groups.append((nil, covered..<blocks.count)) }
        return groups
    }

    /// The table whose text is block `index`, if any.
    package func table(ofBlock index: Int) -> Table? {
        tables.first { $0.block == index }
    }

    /// The text of `region`, as ``text`` writes it.
    public func text(of region: Region) -> String {
        blockTexts(table: \.text, paragraph: { $0 }, blocks: region.blocks).filter { !$0.isEmpty }.joined(separator: "\n\n")
    }
}
