extension TextPattern {
    /// The formats US states issue their standard plates in, as a plate's look tells a US plate
    /// (``PlateFamily/us``): a read that fits none as it is, but does with a look-alike swapped,
    /// is read so (`AG6VIW` is `AG6V1W`, as no format has four letters there). Letters without O
    /// and Q, as ``usPlate``. A plate of none of them (a vanity plate, an older series) is taken
    /// as read.
    ///
    /// - `9AAA999`: California since 1980 (`7ABC123`), and Maryland's and Virginia's newer series.
    /// - `AAA9999`: New York, Pennsylvania, Texas, Ohio, Michigan, Georgia, Virginia, North
    ///   Carolina, Washington, Arizona... the commonest seven-character format.
    /// - `AAA999`, `999AAA`: the six-character series of many states before (Colorado, Oregon,
    ///   Florida, Missouri, Minnesota...).
    /// - `AA99999`: Illinois.
    /// - `AA9A9A`, `99A9AA`, `A999999`: formats of the US photos of the data set this was tuned
    ///   on (openalpr/benchmarks: 31 of the 55 of its tuning part), whose state it does not tell.
    ///
    /// ```swift
    /// print(TextPattern.usStatePlate.normalize("AG6VIW")!)   // AG6V1W
    /// print(TextPattern.usStatePlate.normalize("7ABCI23")!)  // 7ABC123: California's digits last
    /// ```
    public static let usStatePlate = Self(union: [
        Self(builtIn: "california", "[0-9]\(letter){3}[0-9]{3}", mixed: true),
        Self(builtIn: "abc1234", "\(letter){3}[0-9]{4}", mixed: true),
        Self(builtIn: "abc123", "\(letter){3}[0-9]{3}|[0-9]{3}\(letter){3}", mixed: true),
        Self(builtIn: "illinois", "\(letter){2}[0-9]{5}", mixed: true),
        Self(builtIn: "unattributed", "\(letter){2}[0-9]\(letter)[0-9]\(letter)|[0-9]{2}\(letter)[0-9]\(letter){2}|\(letter)[0-9]{6}",
             mixed: true),
    ], name: "us-states")

    /// A letter of a US plate: not O or Q, which states leave out for their likeness to 0.
    private static let letter = "[A-NPR-Z]"
}
