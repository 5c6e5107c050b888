/// One SPEAK request found in speech-dispatcher's protocol log, with the priority in force for its client.
package struct SSIPSpeakRequest: Equatable, Sendable, CustomStringConvertible {
  /// The SSIP priority, such as `IMPORTANT`, `MESSAGE` or `TEXT` (`MESSAGE` is SSIP's default).
  package var priority: String
  /// The text sent.
  package var text: String

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - priority: The SSIP priority.
  ///   - text: The text.
  package init(priority: String, text: String) {
    self.priority = priority
    self.text = text
  }

  /// The request as `PRIORITY: text`.
  package var description: String { "\(priority): \(text)" }

  /// Reads the SSIP commands a client sent from a protocol log written with `LogLevel 4` and
  /// `CustomLogFile "protocol"`.
  ///
  /// A record is `[date : microseconds] speechd:     FD:DATA:|line` then the line's CR, on following lines any
  /// further data, and a closing `| (length)` line. Replies (`REPLY:`) are skipped.
  /// - Parameter log: The log's text.
  /// - Returns: Each data record's text with its client's descriptor, in order.
  package static func dataRecords(inProtocolLog log: String) -> [(client: String, line: String)] {
    var records: [(client: String, line: String)] = []
    var current: (client: String, lines: [String])?
    // "\r\n" is one Character in Swift, so split on every kind of line break.
    for rawLine in log.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      let line = rawLine.hasSuffix("\r") ? String(rawLine.dropLast()) : String(rawLine)
      if var open = current {
        if line.hasPrefix("| (") || line == "|" {
          records.append((open.client, open.lines.joined(separator: "\n")))
          current = nil
        } else {
          open.lines.append(line)
          current = open
        }
        continue
      }
      guard line.hasPrefix("["), let marker = line.range(of: ":DATA:|") else { continue }
      let head = line[..<marker.lowerBound]
      let client = String(head.split(separator: " ").last ?? "")
      current = (client, [String(line[marker.upperBound...])])
    }
    return records
  }

  /// Reads the SPEAK requests from a protocol log, each with its client's priority at that moment.
  ///
  /// - Parameter log: The log's text.
  /// - Returns: The requests, in order.
  package static func requests(inProtocolLog log: String) -> [SSIPSpeakRequest] {
    var priorities: [String: String] = [:]
    var speaking: [String: [String]] = [:]
    var requests: [SSIPSpeakRequest] = []
    for (client, line) in dataRecords(inProtocolLog: log) {
      if var text = speaking[client] {
        if line == "." {
          requests.append(
            SSIPSpeakRequest(priority: priorities[client] ?? "MESSAGE", text: text.joined(separator: "\n")))
          speaking[client] = nil
        } else {
          text.append(line.hasPrefix("..") ? String(line.dropFirst()) : line)
          speaking[client] = text
        }
        continue
      }
      let words = line.split(separator: " ")
      if words.count == 4, words[0].uppercased() == "SET", words[2].uppercased() == "PRIORITY" {
        priorities[client] = words[3].uppercased()
      } else if line.uppercased() == "SPEAK" {
        speaking[client] = []
      }
    }
    return requests
  }
}
