import Foundation
import OCRKit

/// ALTO 4, the Library of Congress's XML for OCR text and layout, used by libraries and archives.
///
/// Each paragraph becomes a `TextBlock`, each line a `TextLine`, each word a `String` with its
/// confidence (`WC`, 0 to 1) and its other readings as `ALTERNATIVE`s, words separated by `SP`.
/// Coordinates are pixels of the page's image (`MeasurementUnit` pixel). Where the page's
/// regions were read, each `TextBlock` refers by `TAGREFS` to a `StructureTag` saying what its
/// region is (`title`, `header`, `page-number`...), a figure is an `Illustration`, and a table a
/// `ComposedBlock` of `TYPE` `table` holding a `TextBlock` a cell with text, whose `ID` says its
/// row and column (`cell_1_2_r0c3`).
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
          <Tags>
        \(Region.Kind.allCases.map { "    <StructureTag ID=\"\(Self.tag(of: $0))\" LABEL=\"\($0.rawValue)\"/>" }.joined(separator: "\n"))
          </Tags>
          <Layout>

        """
    }

    public var footer: String {
        "  </Layout>\n</alto>\n"
    }

    public func fragment(for page: Page, number: Int) -> String {
        var xml = "    <Page ID=\"page_\(number)\" PHYSICAL_IMG_NR=\"\(page.pageNumber ?? number)\" WIDTH=\"\(page.width)\" HEIGHT=\"\(page.height)\">\n"
        xml += "      <PrintSpace HPOS=\"0\" VPOS=\"0\" WIDTH=\"\(page.width)\" HEIGHT=\"\(page.height)\">\n"
        for group in page.blockGroups {
            let tag = group.region.map { " TAGREFS=\"\(Self.tag(of: $0.kind))\"" } ?? ""
            if let region = group.region, region.kind == .figure {
                xml += "        <Illustration ID=\"figure_\(number)_\(group.blocks.lowerBound)\" TYPE=\"figure\"\(tag) "
                    + "\(position(PixelBox(normalized: region.box, on: page)))/>\n"
            }
            for blockIndex in group.blocks {
                guard let table = page.table(ofBlock: blockIndex) else {
                    for paragraphIndex in page.blocks[blockIndex].paragraphs {
                        xml += textBlock(paragraphIndex, id: "block_\(number)_\(paragraphIndex + 1)", tag: tag, number: number, on: page)
                    }
                    continue
                }
                let id = "\(number)_\(blockIndex + 1)"
                xml += "        <ComposedBlock ID=\"table_\(id)\" TYPE=\"table\"\(tag) \(position(PixelBox(normalized: table.box, on: page)))>\n"
                for cell in table.cells {
                    guard let paragraph = cell.paragraph else { continue }
                    xml += textBlock(paragraph, id: "cell_\(id)_r\(cell.row)c\(cell.column)", tag: "", number: number, on: page)
                }
                xml += "        </ComposedBlock>\n"
            }
        }
        return xml + "      </PrintSpace>\n    </Page>\n"
    }

    /// The ID of the tag of regions of `kind`.
    static func tag(of kind: Region.Kind) -> String {
        "region_\(kind.rawValue)"
    }

    private func textBlock(_ paragraphIndex: Int, id: String, tag: String, number: Int, on page: Page) -> String {
        let paragraph = page.paragraphs[paragraphIndex]
        var xml = "        <TextBlock ID=\"\(id)\"\(tag) \(position(PixelBox(normalized: paragraph.box, on: page)))>\n"
        for lineIndex in paragraph.lines {
            xml += line(page.lines[lineIndex], id: "\(number)_\(lineIndex + 1)")
        }
        return xml + "        </TextBlock>\n"
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
