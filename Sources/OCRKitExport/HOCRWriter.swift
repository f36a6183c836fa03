import OCRKit

/// hOCR 1.2: XHTML whose elements carry their boxes and confidences in `title` attributes,
/// read by hocr-tools, OCRmyPDF, and most OCR review tools.
///
/// Blocks become `ocr_carea`, paragraphs `ocr_par`, lines `ocr_line`, words `ocrx_word` (with
/// `x_wconf`, confidence in percent), all with `bbox` in pixels of the page's image. Where the
/// page's regions were read, a block is what its region is (`ocr_title`, `ocr_header`,
/// `ocr_footer`, `ocr_pageno`, `ocr_caption`, `ocr_display` for a formula), a figure an
/// `ocr_image`, and a table an `ocr_table`: an HTML `table` whose cells (`td`, `th` for headers,
/// with their spans and `bbox`) hold their lines.
public struct HOCRWriter: DocumentWriter {
    public init() {}

    public var header: String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
        <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">
         <head>
          <title></title>
          <meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>
          <meta name="ocr-system" content="OCRKit"/>
          <meta name="ocr-capabilities" content="ocr_page ocr_carea ocr_par ocr_line ocrx_word ocr_title ocr_header ocr_footer ocr_pageno ocr_caption ocr_display ocr_image ocr_table"/>
         </head>
         <body>

        """
    }

    public var footer: String {
        " </body>\n</html>\n"
    }

    public func fragment(for page: Page, number: Int) -> String {
        var html = "  <div class=\"ocr_page\" id=\"page_\(number)\" title=\"image &quot;\(page.image.xmlEscaped)&quot;; "
            + "bbox 0 0 \(page.width) \(page.height); ppageno \((page.pageNumber ?? number) - 1)\">\n"
        for group in page.blockGroups {
            if let region = group.region, region.kind == .figure {
                html += "   <div class=\"ocr_image\" title=\"\(bbox(PixelBox(normalized: region.box, on: page)))\"></div>\n"
            }
            for blockIndex in group.blocks {
                let block = page.blocks[blockIndex]
                let blockID = "\(number)_\(blockIndex + 1)"
                if let table = page.table(ofBlock: blockIndex) {
                    html += self.table(table, id: blockID, number: number, on: page)
                    continue
                }
                let kind = group.region?.kind == .figure ? "ocr_carea" : Self.elementClass(of: group.region?.kind)
                html += "   <div class=\"\(kind)\" id=\"block_\(blockID)\" title=\"\(bbox(PixelBox(normalized: block.box, on: page)))\">\n"
                for paragraphIndex in block.paragraphs { html += paragraph(paragraphIndex, number: number, on: page) }
                html += "   </div>\n"
            }
        }
        return html + "  </div>\n"
    }

    /// The hOCR class of a block of a region of `kind`.
    static func elementClass(of kind: Region.Kind?) -> String {
        switch kind {
        case .title?: "ocr_title"
        case .header?: "ocr_header"
        case .footer?: "ocr_footer"
        case .pageNumber?: "ocr_pageno"
        case .caption?: "ocr_caption"
        case .formula?: "ocr_display"
        default: "ocr_carea"
        }
    }

    private func paragraph(_ index: Int, number: Int, on page: Page) -> String {
        let paragraph = page.paragraphs[index]
        var html = "    <p class=\"ocr_par\" id=\"par_\(number)_\(index + 1)\" title=\"\(bbox(PixelBox(normalized: paragraph.box, on: page)))\">\n"
        for lineIndex in paragraph.lines {
            html += line(page.lines[lineIndex], id: "\(number)_\(lineIndex + 1)")
        }
        return html + "    </p>\n"
    }

    /// A table as an `ocr_table`: its rows, and each cell's paragraph.
    private func table(_ table: Table, id: String, number: Int, on page: Page) -> String {
        var html = "   <table class=\"ocr_table\" id=\"block_\(id)\" title=\"\(bbox(PixelBox(normalized: table.box, on: page)))\">\n"
        for row in table.rows {
            html += "    <tr>\n"
            for cell in row {
                let tag = cell.isHeader ? "th" : "td"
                var attributes = ""
                if cell.rowSpan > 1 { attributes += " rowspan=\"\(cell.rowSpan)\"" }
                if cell.columnSpan > 1 { attributes += " colspan=\"\(cell.columnSpan)\"" }
                html += "     <\(tag)\(attributes) title=\"\(bbox(PixelBox(normalized: cell.box, on: page)))\">\n"
                if let paragraph = cell.paragraph { html += self.paragraph(paragraph, number: number, on: page) }
                html += "     </\(tag)>\n"
            }
            html += "    </tr>\n"
        }
        return html + "   </table>\n"
    }

    private func line(_ line: Line, id: String) -> String {
        // Words are in logical order; a right-to-left line says so, as Tesseract's hOCR does.
        let direction = Script(of: line.text)?.isRightToLeft == true ? " dir=\"rtl\"" : ""
        let start = "     <span class=\"ocr_line\" id=\"line_\(id)\"\(direction) title=\"\(bbox(PixelBox(line.quad.boundingRect))); "
            + "x_wconf \(percent(line.confidence))\">"
        guard !line.words.isEmpty else { return start + "\(line.text.xmlEscaped)</span>\n" }
        var html = start
        for (index, word) in line.words.enumerated() {
            html += (index > 0 ? " " : "") + "<span class=\"ocrx_word\" id=\"word_\(id)_\(index + 1)\" "
                + "title=\"\(bbox(PixelBox(word.quad.boundingRect))); x_wconf \(percent(word.confidence))\">\(word.text.xmlEscaped)</span>"
        }
        return html + "</span>\n"
    }

    private func bbox(_ box: PixelBox) -> String {
        "bbox \(box.left) \(box.top) \(box.right) \(box.bottom)"
    }

    private func percent(_ confidence: Double) -> Int {
        Int((confidence * 100).rounded())
    }
}
