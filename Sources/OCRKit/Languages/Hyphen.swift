/// The characters that print a hyphen, and the soft hyphen: what tells a line that ends in a
/// broken word. One rule for the text layer that keeps them and for the writers that join lines.
public enum Hyphen {
    /// The hyphen-minus, Unicode's hyphen and its non-breaking kin: a line ending in one ends in
    /// a hyphenated word or a broken one.
    public static let characters: Set<Unicode.Scalar> = ["-", "\u{2010}", "\u{2011}"]

    /// U+00AD, where a word may be broken: invisible unless a line breaks at it. A text layer
    /// keeps it only there, before the hyphen printed (`erro\u{AD}‐`): a word broken, not one
    /// with a hyphen of its own.
    public static let soft: Unicode.Scalar = "\u{AD}"
}
