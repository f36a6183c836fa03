import OCRKit
import Testing
@testable import OCRKitStructure

@Suite struct FoundRegionTests {
    @Test func aLayoutModelsDetectionsBecomeRegionsOfOCRKitsKindsInThePagesUnits() {
        let detections = [LayoutDetection(label: "table_caption", box: Rect(x: 100, y: 50, width: 400, height: 20), score: 0.8),
                          LayoutDetection(label: "equation", box: Rect(x: 0, y: 0, width: 200, height: 100), score: 0.6),
                          LayoutDetection(label: "reference", box: Rect(x: 0, y: 900, width: 1000, height: 100), score: 0.7)]
        let regions = FoundRegion.regions(from: detections, width: 1000, height: 500)
        #expect(regions.map(\.kind) == [.caption, .formula, .text])
        #expect(regions[0].box == Rect(x: 0.1, y: 0.1, width: 0.4, height: 0.04))
        #expect(regions.map(\.confidence) == [0.8, 0.6, 0.7])
    }

    @Test func whatLiesMostlyInsideATableIsTheTables() {
        let table = FoundRegion(kind: .table, box: Rect(x: 0.1, y: 0.1, width: 0.8, height: 0.5), confidence: 0.6)
        let inner = FoundRegion(kind: .text, box: Rect(x: 0.2, y: 0.2, width: 0.3, height: 0.1), confidence: 0.9)
        let smallerTable = FoundRegion(kind: .table, box: Rect(x: 0.5, y: 0.4, width: 0.3, height: 0.1), confidence: 0.9)
        let below = FoundRegion(kind: .text, box: Rect(x: 0.1, y: 0.7, width: 0.8, height: 0.1), confidence: 0.5)
        #expect(FoundRegion.resolved([table, inner, smallerTable, below]) == [table, below])
    }

    @Test func ofTwoRegionsCoveringOnePlaceTheSurerIsKept() {
        let text = FoundRegion(kind: .text, box: Rect(x: 0.1, y: 0.1, width: 0.8, height: 0.2), confidence: 0.6)
        let title = FoundRegion(kind: .title, box: Rect(x: 0.12, y: 0.1, width: 0.78, height: 0.19), confidence: 0.9)
        #expect(FoundRegion.resolved([text, title]) == [title])
    }
}
