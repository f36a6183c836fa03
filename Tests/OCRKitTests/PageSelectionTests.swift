import OCRKit
import Testing

struct PageSelectionTests {
    @Test func pagesAreReadAsPeopleWriteThem() throws {
        #expect(try PageSelection("1-3,7").numbers(of: 10, in: "scan.pdf") == [1, 2, 3, 7])
        #expect(try PageSelection(" 8- , 2 ").numbers(of: 10, in: "scan.pdf") == [2, 8, 9, 10])
        #expect(try PageSelection("3,1-2,2").numbers(of: 3, in: "scan.pdf") == [1, 2, 3], "in order, each once")
        #expect(PageSelection.all.description == "1-")
        #expect(try PageSelection("1-3,7,9-").description == "1-3,7,9-")
    }

    @Test func whatIsNotAPageIsRefusedNamingIt() throws {
        for text in ["", "0", "3-1", "a", "1-2-3", "1,,2"] {
            #expect(throws: OCRError.self, "\(text)") { try PageSelection(text) }
        }
        #expect { try PageSelection("2-5").numbers(of: 4, in: "scan.pdf") } throws: {
            ($0 as? OCRError)?.description == "scan.pdf: has 4 pages, and page 5 was asked for"
        }
        // A range open at its end stops at the last page.
        #expect(try PageSelection("4-").numbers(of: 4, in: "scan.pdf") == [4])
    }

    @Test func pagesWithTextAreReadAsAsked() {
        #expect(PagesWithText.skip.reads(.none) && !PagesWithText.skip.reads(.ocrLayer) && !PagesWithText.skip.reads(.native))
        #expect(PagesWithText.redo.reads(.ocrLayer) && !PagesWithText.redo.reads(.native))
        #expect(PagesWithText.force.reads(.native))
    }
}
