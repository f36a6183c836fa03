/// How hard the processor works.
public enum ProcessingPolicy: String, Hashable, Sendable, Codable, CaseIterable {
    /// One worker a core (up to ``OCRProcessor/Configuration/jobs``), images at full resolution.
    case interactive
    /// One worker, images downscaled so that their longer side is at most 2,048 pixels: for
    /// reading in the background while the machine is in use.
    case background

    /// The longest image side in background mode.
    public static let backgroundImageSide = 2048
}
