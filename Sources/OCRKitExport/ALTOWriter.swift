import Foundation
import OCRKit

/// ALTO 4, the Library of Congress's XML for OCR text and layout, used by libraries and archives.
///
/// Each paragraph becomes a `TextBlock`, each line a `TextLine`, each word a `String` with its
/// confidence (`WC`, 0 to 1) and its other readings as `ALTERNATIVE`s, words separated by `SP`.
/// Coordinates are pixels of the page's image (`MeasurementUnit` pixel).
public struct ALTOWriter: DocumentWriter {
    public init() {}

    public var header: String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <alto xmlns="http://www.loc.gov/standards/alto/ns-v4#" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
        xsi:schemaLocation="http://www.loc.gov/standards/alto/ns-v4# http://www.loc.gov/alto/v4/alto-4-4.xsd">
          <Description>
            <MeasurementUnit>pixel</MeasurementUnit>
            <OCRProcessing ID="OCR_1">
              <ocrProcessingStep>
                <processingSoftware>
                  <softwareName>OCRKit</softwareName>
                </processingSoftware>
              </ocrProcessingStep>
            </OCRProcessing>
          </Description>
          <Layout>

        """
    }

    public var footer: String {
        "  </Layout>\n</alto>\n"
    }

    public func fragment(for page: Page, number: Int) -> String {
        var xml = "    <Page ID=\"page_\(number)\" PHYSICAL_IMG_NR=\"\(page.pageNumber ?? number)\" WIDTH=\"\(page.width)\" HEIGHT=\"\(page.height)\">\n"
        xml += "      <PrintSpace HPOS=\"0\" VPOS=\"0\" WIDTH=\"\(page.width)\" HEIGHT=\"\(page.height)\">\n"
        for (paragraphIndex, paragraph) in page.paragraphs.enumerated() {
            let id = "\(number)_\(paragraphIndex + 1)"
            xml += "        <TextBlock ID=\"block_\(id)\" \(position(PixelBox(normalized: paragraph.box, on: page)))>\n"
            for lineIndex in paragraph.lines {
                xml += line(page.lines[lineIndex], id: "\(number)_\(lineIndex + 1)")
            }
            xml += "        </TextBlock>\n"
        }
        return xml + "      </PrintSpace>\n    </Page>\n"
    }

    private func line(_ line: Line, id: String) -> String {
        var xml = "          <TextLine ID=\"line_\(id)\" \(position(PixelBox(line.quad.boundingRect)))>\n"
        // Engines that read whole lines give no words: the line is then one String.
        let words = line.words.isEmpty
            ? [Word(text: line.text, confidence: line.confidence, box: line.box, quad: line.quad)]
            : line.words
        for (index, word) in words.enumerated() {
            let box = PixelBox(word.quad.boundingRect)
            if index > 0 {
                let previous = PixelBox(words[index - 1].quad.boundingRect)
                xml += "            <SP WIDTH=\"\(max(0, box.left - previous.right))\" HPOS=\"\(previous.right)\" VPOS=\"\(box.top)\"/>\n"
            }
            let attributes = "ID=\"string_\(id)_\(index + 1)\" \(position(box)) "
                + "WC=\"\(confidence(word.confidence))\" CONTENT=\"\(word.text.xmlEscaped)\""
            let others = word.alternatives.filter { $0.text != word.text }
            if others.isEmpty {
                xml += "            <String \(attributes)/>\n"
            } else {
                xml += "            <String \(attributes)>\n"
                for alternative in others {
                    xml += "              <ALTERNATIVE>\(alternative.text.xmlEscaped)</ALTERNATIVE>\n"
                }
                xml += "            </String>\n"
            }
        }
        return xml + "          </TextLine>\n"
    }

    private func position(_ box: PixelBox) -> String {
        "HPOS=\"\(box.left)\" VPOS=\"\(box.top)\" WIDTH=\"\(box.width)\" HEIGHT=\"\(box.height)\""
    }

    /// ALTO's word confidence: 0 to 1, three decimals.
    private func confidence(_ value: Double) -> String {
        String(format: "%.3f", min(1, max(0, value)))
    }
}
