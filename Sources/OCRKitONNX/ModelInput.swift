import Foundation
import OCRKit

/// How a model wants its pixels: the order of its colour planes and how each is normalised.
struct PixelFormat: Sendable {
    enum ChannelOrder: Sendable {
        case rgb, bgr
    }

    var order: ChannelOrder
    /// Per channel, red, green, blue, in 0...1 units: the model sees (value / 255 - mean) / deviation.
    var mean: (red: Float, green: Float, blue: Float)
    var deviation: (red: Float, green: Float, blue: Float)

    /// PaddleOCR's and NDLOCR-Lite's recognisers: blue, green, red, scaled to -1...1.
    static let bgrSymmetric = PixelFormat(order: .bgr, mean: (0.5, 0.5, 0.5), deviation: (0.5, 0.5, 0.5))
    /// Models trained on ImageNet statistics, such as NDLOCR-Lite's layout detector.
    static let rgbImageNet = PixelFormat(order: .rgb, mean: (0.485, 0.456, 0.406), deviation: (0.229, 0.224, 0.225))

    /// A CHW input of `count` pixels a plane, black in every plane, as the model sees black.
    func blackPlanes(count: Int) -> [Float] {
        let planes = order == .rgb ? [(mean.red, deviation.red), (mean.green, deviation.green), (mean.blue, deviation.blue)]
            : [(mean.blue, deviation.blue), (mean.green, deviation.green), (mean.red, deviation.red)]
        // Filled in place: flatMap would grow the array (a page's detector input is tens of
        // megabytes) by copying it into ever larger blocks.
        var values: [Float] = []
        values.reserveCapacity(planes.count * count)
        for (mean, deviation) in planes { values.append(contentsOf: repeatElement(-mean / deviation, count: count)) }
        return values
    }
}

/// Where a sampled image goes in a CHW model input: the index of its first value, and the
/// distances between its rows and between its colour planes.
struct InputPlacement: Sendable {
    var offset: Int
    var rowStride: Int
    var planeStride: Int

    /// Image `index` of a batch of `width` x `height` images, at its top left.
    static func image(_ index: Int = 0, width: Int, height: Int) -> InputPlacement {
        InputPlacement(offset: index * 3 * width * height, rowStride: width, planeStride: width * height)
    }

    /// The same, `rows` rows further down.
    func down(_ rows: Int) -> InputPlacement {
        InputPlacement(offset: offset + rows * rowStride, rowStride: rowStride, planeStride: planeStride)
    }
}

extension Bitmap {
    /// Samples the quad into `width` x `height` pixels of a CHW model input, placed there as
    /// `placement` says: the quad's top edge becomes the first row, so rotated and
    /// turned regions come out upright, and parts outside the bitmap repeat its edge.
    ///
    /// `antialiased` averages every pixel of the bitmap a sample covers, for models trained on
    /// images shrunk that way; otherwise each sample is interpolated at one point, as OpenCV
    /// resizes (PP-OCR).
    func sample(_ quad: Quad, width: Int, height: Int, format: PixelFormat, into input: inout [Float],
                at placement: InputPlacement, antialiased: Bool = false) {
        if !antialiased && quad.topLeft.y == quad.topRight.y && quad.topLeft.x == quad.bottomLeft.x
            && quad.bottomLeft.y == quad.bottomRight.y && quad.topRight.x == quad.bottomRight.x {
            return sampleUpright(quad.boundingRect, width: width, height: height, format: format, into: &input,
                                 at: placement)
        }
        let plane = placement.planeStride
        let (first, third) = format.order == .rgb ? (0, 2) : (2, 0)
        let scale = (red: 1 / (255 * format.deviation.red), green: 1 / (255 * format.deviation.green),
                     blue: 1 / (255 * format.deviation.blue))
        let shift = (red: format.mean.red / format.deviation.red, green: format.mean.green / format.deviation.green,
                     blue: format.mean.blue / format.deviation.blue)
        // Sub-samples a side: as many as bitmap pixels an input pixel spans, when antialiased.
        let span = max(quad.topEdgeLength / Double(width), quad.leftEdgeLength / Double(height))
        let steps = antialiased ? min(8, max(1, Int(span.rounded(.up)))) : 1
        func point(_ u: Double, _ v: Double) -> (Double, Double, Double) {
            let left = Point(x: quad.topLeft.x + (quad.bottomLeft.x - quad.topLeft.x) * v,
                             y: quad.topLeft.y + (quad.bottomLeft.y - quad.topLeft.y) * v)
            let right = Point(x: quad.topRight.x + (quad.bottomRight.x - quad.topRight.x) * v,
                              y: quad.topRight.y + (quad.bottomRight.y - quad.topRight.y) * v)
            return bilinear(x: left.x + (right.x - left.x) * u - 0.5, y: left.y + (right.y - left.y) * u - 0.5)
        }
        for row in 0..<height {
            for column in 0..<width {
                var red = 0.0, green = 0.0, blue = 0.0
                for i in 0..<steps {
                    for j in 0..<steps {
                        let sample = point((Double(column) + (Double(j) + 0.5) / Double(steps)) / Double(width),
                                           (Double(row) + (Double(i) + 0.5) / Double(steps)) / Double(height))
                        red += sample.0
                        green += sample.1
                        blue += sample.2
                    }
                }
                let count = Double(steps * steps)
                red /= count
                green /= count
                blue /= count
                let position = placement.offset + row * placement.rowStride + column
                input[position + first * plane] = Float(red) * scale.red - shift.red
                input[position + plane] = Float(green) * scale.green - shift.green
                input[position + third * plane] = Float(blue) * scale.blue - shift.blue
            }
        }
    }

    /// ``sample(_:width:height:format:into:at:antialiased:)`` for an upright rectangle,
    /// the detectors' whole-page input: the same interpolation, with each column's and row's
    /// neighbours and weights worked out once, about ten times faster.
    private func sampleUpright(_ rect: Rect, width: Int, height: Int, format: PixelFormat, into input: inout [Float],
                               at placement: InputPlacement) {
        func neighbours(count: Int, start: Double, length: Double, limit: Int) -> [(Int, Int, Float)] {
            (0..<count).map { index in
                let position = start + length * (Double(index) + 0.5) / Double(count) - 0.5
                let lower = Int(position.rounded(.down))
                return (min(max(lower, 0), limit - 1), min(max(lower + 1, 0), limit - 1), Float(position - Double(lower)))
            }
        }
        let columns = neighbours(count: width, start: rect.minX, length: rect.width, limit: self.width)
        let rows = neighbours(count: height, start: rect.minY, length: rect.height, limit: self.height)
        let channels = layout.channels
        // Planes in the model's order, each with its scale and shift.
        let sources = format.order == .rgb ? [0, 1, 2] : [2, 1, 0]
        let means = [format.mean.red, format.mean.green, format.mean.blue]
        let deviations = [format.deviation.red, format.deviation.green, format.deviation.blue]
        pixels.withUnsafeBufferPointer { pixels in
            input.withUnsafeMutableBufferPointer { input in
                for (planeIndex, source) in sources.enumerated() {
                    let channel = channels == 1 ? 0 : source
                    let scale = 1 / (255 * deviations[source]), shift = means[source] / deviations[source]
                    for (row, (top, bottom, fy)) in rows.enumerated() {
                        let topRow = top * self.width * channels + channel, bottomRow = bottom * self.width * channels + channel
                        let base = placement.offset + planeIndex * placement.planeStride + row * placement.rowStride
                        for (column, (left, right, fx)) in columns.enumerated() {
                            let a = Float(pixels[topRow + left * channels]), b = Float(pixels[topRow + right * channels])
                            let c = Float(pixels[bottomRow + left * channels]), d = Float(pixels[bottomRow + right * channels])
                            let value = (a + (b - a) * fx) * (1 - fy) + (c + (d - c) * fx) * fy
                            input[base + column] = value * scale - shift
                        }
                    }
                }
            }
        }
    }

    /// The colour at a point between pixel centres, interpolated; edges extend outwards.
    func bilinear(x: Double, y: Double) -> (red: Double, green: Double, blue: Double) {
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = x - Double(x0), fy = y - Double(y0)
        func pixel(_ column: Int, _ row: Int) -> (Double, Double, Double) {
            let c = min(max(column, 0), width - 1), r = min(max(row, 0), height - 1)
            let index = (r * width + c) * layout.channels
            if layout == .gray {
                let value = Double(pixels[index])
                return (value, value, value)
            }
            return (Double(pixels[index]), Double(pixels[index + 1]), Double(pixels[index + 2]))
        }
        let a = pixel(x0, y0), b = pixel(x0 + 1, y0), c = pixel(x0, y0 + 1), d = pixel(x0 + 1, y0 + 1)
        func mix(_ p: Double, _ q: Double, _ r: Double, _ s: Double) -> Double {
            (p * (1 - fx) + q * fx) * (1 - fy) + (r * (1 - fx) + s * fx) * fy
        }
        return (mix(a.0, b.0, c.0, d.0), mix(a.1, b.1, c.1, d.1), mix(a.2, b.2, c.2, d.2))
    }
}
