import PostgresNIO

extension PSQLError {
    /// What went wrong, in the server's words when it answered: PostgresNIO's description hides
    /// them ("Generic description to prevent accidental leakage"), and the bound values it also
    /// hides are not in them.
    var explanation: String {
        if let serverInfo, let message = serverInfo[.message] {
            let state = serverInfo[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            let detail = serverInfo[.detail].map { ": \($0)" } ?? ""
            return "the database answered: \(message)\(detail)\(state)"
        }
        if let underlying { return "\(code): \(underlying)" }
        return "\(code)"
    }

    /// The explanation of `error` if it is PostgresNIO's, else its description.
    static func explanation(of error: any Error) -> String {
        (error as? PSQLError)?.explanation ?? "\(error)"
    }
}
