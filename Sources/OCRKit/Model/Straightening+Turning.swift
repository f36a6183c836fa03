extension Straightening {
    /// A page that was only turned upright: read from `bitmap` turned by `orientation`'s quarter
    /// turns, with no page sought, no light evened and no tilt taken out. Engines that find a
    /// page read sideways or upside down record it so (``Page/straightening``).
    ///
    /// ```swift
    /// let upright = bitmap.turned(clockwiseQuarterTurns: orientation.quarterTurns)
    /// var page = try await engine.read(upright)
    /// page.straightening = Straightening(turning: bitmap, by: orientation)
    /// ```
    public init(turning bitmap: Bitmap, by orientation: TextOrientation) {
        self.init(imageWidth: bitmap.width, imageHeight: bitmap.height, quarterTurns: orientation.quarterTurns,
                  orientationConfidence: orientation.confidence)
    }

    /// Whether the image was only turned: made again from the file by
    /// ``Bitmap/turned(clockwiseQuarterTurns:)`` alone, without an ``ImageStraightener``, and
    /// shown upright in a PDF by its page's rotation rather than drawn again.
    public var onlyTurns: Bool {
        corners == nil && !evensLighting && skewDegrees == 0
    }

    /// This straightening, then the page it made turned by `later`'s quarter turns too: a page
    /// straightened and then found to be sideways still.
    public func followed(by later: Straightening) -> Straightening {
        var both = self
        both.quarterTurns = (quarterTurns + later.quarterTurns) % 4
        both.orientationConfidence = later.orientationConfidence ?? orientationConfidence
        return both
    }
}
