import Hummingbird

/// The web page at `/`: drop or pick images, see each page with its lines and words drawn over
/// the image, the words the server flags for review marked, a word's alternatives, a batch's
/// progress live, downloads in every format. Plain HTML, CSS and JavaScript on the API, with no
/// build step, kept as the files beside this one (`index.html`, `app.css`, `app.js`) and
/// compiled into the binary (SwiftPM's `embedInCode`), so that `ocr` copied anywhere serves it.
enum WebPage {
    /// `/`, `/app.css` and `/app.js`, open without the token: the page asks for it when a call
    /// needs it.
    static let files: [(path: String, contentType: String, contents: [UInt8])] = [
        ("/", "text/html; charset=utf-8", PackageResources.index_html),
        ("/app.css", "text/css; charset=utf-8", PackageResources.app_css),
        ("/app.js", "text/javascript; charset=utf-8", PackageResources.app_js),
    ]
}

extension OCRServer {
    func addPageRoutes(to routes: Routes) {
        for file in WebPage.files {
            let body = ByteBuffer(bytes: file.contents)
            routes.add(.get, file.path) { _, _ in
                Response(status: .ok, headers: [.contentType: file.contentType, .cacheControl: "no-cache"],
                         body: ResponseBody(byteBuffer: body))
            }
        }
    }
}
