import OCRKit

/// hOCR 1.2: XHTML whose elements carry their boxes and confidences in `title` attributes,
/// read by hocr-tools, OCRmyPDF, and most OCR review tools.
///
/// Blocks become `ocr_carea`, paragraphs `ocr_par`, lines `ocr_line`, words `ocrx_word` (with
/// `x_wconf`, confidence in percent), all with `bbox` in pixels of the page's image.
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
          <meta name="ocr-capabilities" content="ocr_page ocr_carea ocr_par ocr_line ocrx_word"/>
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
        for (blockIndex, block) in page.blocks.enumerated() {
            let blockID = "\(number)_\(blockIndex + 1)"
            html += "   <div class=\"ocr_carea\" id=\"block_\(blockID)\" title=\"\(bbox(PixelBox(normalized: block.box, on: page)))\">\n"
            for paragraphIndex in block.paragraphs {
                let paragraph = page.paragraphs[paragraphIndex]
                html += "    <p class=\"ocr_par\" id=\"par_\(number)_\(paragraphIndex + 1)\" title=\"\(bbox(PixelBox(normalized: paragraph.box, on: page)))\">\n"
                for lineIndex in paragraph.lines {
                    html += line(page.lines[lineIndex], id: "\(number)_\(lineIndex + 1)")
                }
                html += "    </p>\n"
            }
            html += "   </div>\n"
        }
        return html + "  </div>\n"
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
