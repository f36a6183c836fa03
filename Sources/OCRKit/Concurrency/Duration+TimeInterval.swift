import Foundation

extension Duration {
    /// The duration in seconds, as Foundation's dates count them.
    public var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
