import OCRKit

extension LiveScanner {
    /// What the scanner made of one frame.
    public struct Step: Sendable {
        /// Why the frame was not read; `nil` when it was.
        public enum Skip: Sendable, Hashable {
            /// The previous frame was still being read.
            case busy
            /// The frame came less than the minimum interval after the last one read, or before it.
            case tooSoon
        }

        /// The frame's time.
        public var time: Duration
        public var skipped: Skip?
        /// The values the frame's chosen text reads as, best first; empty when nothing fitting was read.
        public var candidates: [Candidate]
        /// The value accepted with this frame, if one was.
        public var accepted: Acceptance?
        /// The value leading the votes when it was not accepted with this frame, and why not.
        public var waiting: Holding?
    }

    /// A value leading the votes and held back, and why.
    public struct Holding: Hashable, Sendable {
        public var value: String
        public var reason: HoldReason
        /// The family of plate the frames' look agreed on when the value was decided, whose
        /// formats it was read with where it fits one (see ``Configuration/readsFormatFromLook``);
        /// `nil` when they agreed on none.
        public var family: PlateFamily?
    }

    /// A value the scanner is sure of, reported once.
    public struct Acceptance: Sendable {
        public var value: String
        /// The time of the frame that decided it.
        public var time: Duration
        /// The time of the first frame in the window that read it (or a misread of it, mended).
        public var firstSeen: Duration
        /// Those frames' mean confidence in their reading, from 0 to 1.
        public var confidence: Double
        /// How many frames in the window read it as their best reading (or a misread of it).
        public var votes: Int
        /// Where its most confident read was, normalised to that frame.
        public var box: Rect
        /// That frame's pixels around the box (see ``Configuration/evidenceInset``).
        public var evidence: Bitmap?
        /// That frame's time.
        public var evidenceTime: Duration
        /// The family of plate the frames' look agreed on when the value was decided, whose
        /// formats it was read with where it fits one (see ``Configuration/readsFormatFromLook``);
        /// `nil` when they agreed on none.
        public var family: PlateFamily?
        /// What the value was accepted on.
        public var grounds: Grounds

        /// What a value was accepted on: what the frames read, the formats that made it the
        /// value, and how sure the frames are of each of its characters. A wrong value's cause
        /// is told from them (`ocr bench live --details`).
        public struct Grounds: Sendable, Hashable {
            /// The frames' leading reading, as voted: before the family's formats and the
            /// characters' evidence made it the value.
            public var read: String
            /// The name of the formats the value was read with: the family's, where its look gave
            /// one and the read fits its formats; `nil` for the scanner's pattern.
            public var formats: String?
            /// The value's share of the window's first choices.
            public var share: Double
            /// Each character of the value, with its share of the frames' evidence.
            public var characters: [CharacterShare]
        }
    }
}
