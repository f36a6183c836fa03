/// The least cost of edits (a node deleted, inserted, or renamed) that turn one ordered tree into
/// another: Zhang and Shasha's algorithm (1989), in time O(|A| |B| min(depth, leaves)²) and
/// memory O(|A| |B|).
struct TreeEditDistance {
    /// A tree's nodes in postorder, from 1, and for each the postorder number of its leftmost leaf.
    private struct Numbered {
        var nodes: [TableTree]
        var leftmost: [Int]
        /// The nodes whose leftmost leaf no later node shares: the root, and every node with a left sibling.
        var keyroots: [Int]

        init(_ tree: TableTree) {
            var nodes: [TableTree] = [], leftmost = [0]
            func visit(_ node: TableTree) -> Int {
                let leaves = node.children.map(visit)
                nodes.append(node)
                leftmost.append(leaves.first ?? nodes.count)
                return leftmost[nodes.count]
            }
            _ = visit(tree)
            var seen = Set<Int>(), keyroots: [Int] = []
            for number in stride(from: nodes.count, through: 1, by: -1) where seen.insert(leftmost[number]).inserted {
                keyroots.append(number)
            }
            self.nodes = nodes
            self.leftmost = leftmost
            self.keyroots = keyroots.reversed()
        }
    }

    /// The cost of renaming a node of the first tree into one of the second; deleting and
    /// inserting a node cost 1.
    let renaming: (TableTree, TableTree) -> Double

    func distance(_ first: TableTree, _ second: TableTree) -> Double {
        let a = Numbered(first), b = Numbered(second)
        let (n, m) = (a.nodes.count, b.nodes.count)
        var trees = [[Double]](repeating: [Double](repeating: 0, count: m + 1), count: n + 1)
        var forest = [[Double]](repeating: [Double](repeating: 0, count: m + 1), count: n + 1)
        for i in a.keyroots {
            for j in b.keyroots {
                let (li, lj) = (a.leftmost[i], b.leftmost[j])
                forest[li - 1][lj - 1] = 0
                for x in li...i { forest[x][lj - 1] = forest[x - 1][lj - 1] + 1 }
                for y in lj...j { forest[li - 1][y] = forest[li - 1][y - 1] + 1 }
                for x in li...i {
                    for y in lj...j {
                        let removing = forest[x - 1][y] + 1, adding = forest[x][y - 1] + 1
                        if a.leftmost[x] == li && b.leftmost[y] == lj {
                            forest[x][y] = min(removing, adding, forest[x - 1][y - 1] + renaming(a.nodes[x - 1], b.nodes[y - 1]))
                            trees[x][y] = forest[x][y]
                        } else {
                            forest[x][y] = min(removing, adding, forest[a.leftmost[x] - 1][b.leftmost[y] - 1] + trees[x][y])
                        }
                    }
                }
            }
        }
        return trees[n][m]
    }
}
