/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64): the same seed gives
/// the same frames and photos on every machine.
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    mutating func uniform(_ lower: Double, _ upper: Double) -> Double {
        lower + (upper - lower) * Double(next() >> 11) / Double(1 << 53)
    }

    /// A camera sensor's noise, of about `deviation` levels: the sum of three uniforms is close
    /// enough to a normal.
    mutating func grain(_ deviation: Double) -> Double {
        (uniform(-1, 1) + uniform(-1, 1) + uniform(-1, 1)) * deviation
    }
}
