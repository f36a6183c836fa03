/// The first number after `label` in a benchmark's `output`.
func figure(after label: String, in output: String) -> Double? {
    guard let range = output.range(of: label) else { return nil }
    let rest = output[range.upperBound...].drop { $0 == " " }
    return Double(rest.prefix { $0.isNumber || $0 == "." })
}
