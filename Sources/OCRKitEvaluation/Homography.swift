import OCRKit

/// The projective map that takes four points to four others: how a flat page's corners move
/// when it is photographed at an angle.
struct Homography {
    /// Row-major 3x3, with the last entry 1.
    private let matrix: [Double]

    /// The map taking `from`'s corners to `to`'s, corner for corner.
    init(from: Quad, to: Quad) {
        // Eight equations in the eight unknown entries (Hartley and Zisserman's DLT with h33 = 1),
        // solved by Gaussian elimination with partial pivoting.
        var rows: [[Double]] = []
        for (source, target) in zip(from.corners, to.corners) {
            let (x, y, u, v) = (source.x, source.y, target.x, target.y)
            rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y, u])
            rows.append([0, 0, 0, x, y, 1, -v * x, -v * y, v])
        }
        for column in 0..<8 {
            let pivot = (column..<8).max { abs(rows[$0][column]) < abs(rows[$1][column]) }!
            rows.swapAt(column, pivot)
            for row in 0..<8 where row != column && rows[column][column] != 0 {
                let factor = rows[row][column] / rows[column][column]
                for entry in column...8 { rows[row][entry] -= factor * rows[column][entry] }
            }
        }
        matrix = (0..<8).map { rows[$0][8] / rows[$0][$0] } + [1]
    }

    func callAsFunction(_ point: Point) -> Point {
        let w = matrix[6] * point.x + matrix[7] * point.y + matrix[8]
        return Point(x: (matrix[0] * point.x + matrix[1] * point.y + matrix[2]) / w,
                     y: (matrix[3] * point.x + matrix[4] * point.y + matrix[5]) / w)
    }
}
