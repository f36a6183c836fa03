import OCRKit

/// Where the plate has been in the last frames read, and how tall its text was: the tallest text
/// in view, fitting the pattern or not.
///
/// A plate's characters are the largest text near it, and it moves smoothly from frame to frame.
/// Text much lower than the tallest text of the last second, or away from where tall text was in
/// the frame before, is other text (a dealer's sign under the plate, a sticker), even in a frame
/// where the plate itself was not read.
struct PlatePlace: Sendable {
    /// The tall text of one frame read.
    private struct Sighting: Sendable {
        var time: Duration
        /// Normalised to the frame.
        var boxes: [Rect]
    }

    /// Text lower than this share of the tallest text in view is not the text sought: a dealer's
    /// sign under a plate misread (`MOTORS` under `K179658`). On the 219 plates of `ocr bench
    /// live`: accepted 0.790 -> 0.795, false accepts 7.46 -> 6.70 per 1,000 frames.
    static let minimumShareOfTallest = 0.6
    /// How far text may move between frames and be the same, in its own heights, beyond its box.
    static let maximumStep = 1.0

    /// How long the tallest text of a frame is remembered.
    let memory: Duration
    private var sightings: [Sighting] = []

    init(memory: Duration) {
        self.memory = memory
    }

    /// The height of the tallest text seen in the frames remembered, normalised to the frame.
    var tallest: Double {
        sightings.flatMap(\.boxes).map(\.height).max() ?? 0
    }

    /// Remembers the tall text of `page`, read at `time`, and forgets frames older than the memory.
    mutating func record(_ page: Page, at time: Duration) {
        sightings.removeAll { $0.time <= time - memory }
        let lowest = Self.minimumShareOfTallest * (page.lines.map(\.box.height).max() ?? 0)
        let boxes = page.lines.map(\.box).filter { $0.height >= lowest }
        if !boxes.isEmpty { sightings.append(Sighting(time: time, boxes: boxes)) }
    }

    /// Why text at `box`, in the frame recorded last, is not the plate, or `nil` when it may be:
    /// too low beside the tallest text of the frames remembered (that frame's own included), or
    /// away from the tall text of the frame before it.
    func rejection(of box: Rect) -> String? {
        let tallest = tallest
        if box.height < Self.minimumShareOfTallest * tallest {
            return String(format: "text %.0f%% of the height of the tallest in view", 100 * box.height / tallest)
        }
        guard let last = sightings.dropLast().last else { return nil }
        let isNear = last.boxes.contains { seen in
            let reach = Self.maximumStep * seen.height
            return abs(box.midX - seen.midX) <= seen.width / 2 + reach && abs(box.midY - seen.midY) <= seen.height / 2 + reach
        }
        return isNear ? nil : "away from where tall text was in the frame before"
    }

    mutating func removeAll() {
        sightings.removeAll()
    }
}
