import Hummingbird

/// The web page at `/`: drop or pick images, see each page with its lines and words drawn over
/// the image, coloured by confidence, a word's alternatives, the doubtful words to review, a
/// batch's progress live, downloads in every format. Plain HTML, CSS and JavaScript on the
/// API, with no build step; compiled into the binary, so that `ocr` copied anywhere serves it.
enum WebPage {
    /// `/`, `/app.css` and `/app.js`, open without the token: the page asks for it when a call
    /// needs it.
    static let files: [(path: String, contentType: String, contents: String)] = [
        ("/", "text/html; charset=utf-8", html),
        ("/app.css", "text/css; charset=utf-8", css),
        ("/app.js", "text/javascript; charset=utf-8", script),
    ]
}

extension OCRServer {
    func addPageRoutes(to routes: Routes) {
        for file in WebPage.files {
            let body = ByteBuffer(string: file.contents)
            routes.add(.get, file.path) { _, _ in
                Response(status: .ok, headers: [.contentType: file.contentType, .cacheControl: "no-cache"],
                         body: ResponseBody(byteBuffer: body))
            }
        }
    }
}
