/// What the frames say of one character of a value: its share of their evidence, and the
/// character most of the rest reads there (see ``LiveScanner/Acceptance/Grounds``).
public struct CharacterShare: Sendable, Hashable {
    public var character: Character
    /// The share of the frames' evidence for it, from 0 to 1.
    public var share: Double
    /// The character with the most evidence after it, and its share.
    public var runnerUp: Character?
    public var runnerUpShare: Double
}
