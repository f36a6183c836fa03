import OCRKit

/// The plate families the last frames' looks showed, and the one they agree on: a band hidden in
/// a blurred frame, or seen in a frame where a sticker's blue stood beside the text, does not
/// change the plate's family.
struct FamilyVotes: Sendable {
    /// How long a frame's look is remembered.
    let memory: Duration
    private var looks: [(time: Duration, family: PlateFamily?)] = []

    init(memory: Duration) {
        self.memory = memory
    }

    /// Remembers what the frame read at `time` showed beside its text (`nil`: no band), and
    /// forgets looks older than the memory.
    mutating func record(_ family: PlateFamily?, at time: Duration) {
        looks.removeAll { $0.time <= time - memory }
        looks.append((time, family))
    }

    /// The family shown in at least two of the frames remembered and in at least half of them;
    /// `nil` when none is. A wide plate and a European band are one plate seen in two ways (its
    /// band hidden by blur in some frames): they count together, and make a European plate where
    /// at least two frames showed the band.
    var agreed: PlateFamily? {
        var counts = Dictionary(grouping: looks.compactMap(\.family), by: { $0 }).mapValues(\.count)
        let bands = counts[.european] ?? 0
        if let wide = counts.removeValue(forKey: .wide) {
            counts[bands >= 2 ? .european : .wide] = bands + wide
            if bands < 2 { counts[.european] = nil }
        }
        guard let (family, count) = counts.max(by: { ($0.value, $1.key.rawValue) < ($1.value, $0.key.rawValue) }) else { return nil }
        return count >= 2 && 2 * count >= looks.count ? family : nil
    }

    /// The families some of the frames remembered showed, while they agree on none: a plate
    /// whose look is still in doubt. Empty once they agree.
    var undecided: Set<PlateFamily> {
        agreed == nil ? Set(looks.compactMap(\.family)) : []
    }

    mutating func removeAll() {
        looks.removeAll()
    }
}
