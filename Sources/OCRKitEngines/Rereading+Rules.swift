import OCRKit

/// The rules by which a reading of a page again is kept over the reading before it, each written
/// once for every policy that reads pages again (``TesseractPageEngine``, ``ScriptAwareEngine``).
/// A kept reading records why (``OCRKit/Page/rereadings``).
extension Rereading {
    /// Whether `line`, an image of one line read again as a line, is kept over `page`, its first
    /// reading: where page segmentation found no line or several (pieces of it, its wear),
    /// always; where it found one, when the line reads more legibly.
    static func keeps(_ line: Page, asALineOver page: Page) -> Bool {
        page.lines.count != 1 || line.legibility > page.legibility
    }

    /// Whether `again`, a page read again another way (as one column), is kept over `first`: it
    /// reads more, more confidently (``OCRKit/Page/legibility``).
    static func keeps(_ again: Page, over first: Page) -> Bool {
        again.legibility > first.legibility
    }

    /// Whether `upright`, a page read again turned as the orientation detector says, is kept over
    /// `first`. Detection may be wrong on a page of another script read in English (an upright
    /// page of Thai was taken for upside down, and read 1.7 times as much so, all of it
    /// doubtful): turned, the page must read about as well (``uprightShare``) and not be
    /// doubtful, or read twice as much as before (``uprightGain``). A page PP-OCR read sideways
    /// line by line reads about as well upright, and is then laid out as a page.
    static func keeps(upright: Page, over first: Page, isDoubtful: @autoclosure () -> Bool) -> Bool {
        upright.legibility >= uprightShare * first.legibility && (!isDoubtful() || upright.legibility >= uprightGain * first.legibility)
    }

    /// The least share of the first reading's legibility a page turned upright keeps.
    static let uprightShare = 0.9
    /// How many times the first reading's legibility a doubtful page turned upright reads.
    static let uprightGain = 2.0
}

extension Page {
    /// This page, a reading again kept for `reason`: it records `reason` before the readings
    /// again made within it.
    func kept(as reason: Rereading) -> Page {
        var page = self
        page.rereadings = [reason].appendingNew(rereadings)
        return page
    }
}
