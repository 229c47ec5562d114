/// The page `--websocket` serves at `/` (Web/index.html, compiled into the binary): a field
/// whose source of truth is the daemon, over a WebSocket to the same port.
enum WebPage {
  static var bytes: [UInt8] { PackageResources.index_html }
}
