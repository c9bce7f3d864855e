#!/usr/bin/env python3
"""A hostile CalDAV server for grocer's sync tests (issue 16: "a server is
untrusted input"). Python's standard library only; listens on 127.0.0.1 and
a free port, and prints "port N" on stdout as its first line once it takes
connections. Then one line per request on stdout:

    request HOST METHOD PATH authorization=yes|no

Modes (the first argument):

    huge          a 207 of 100 MB, streamed, with its Content-Length
    huge-chunked  the same without a length (chunked), never ending early
    laughs        a 207 whose DTD expands to gigabytes (billion laughs)
    external      a 207 with an external entity (file:///etc/passwd)
    hang          takes the connection, reads the request, never answers
    garbage       answers bytes that are not HTTP, then closes
    redirect      a 301 to another host (127.0.0.2, same port), which also
                  answers (a 207) and logs whether the login came along
    trickle       a 207 with its Content-Length (100 kB), one byte a second
    endless       a chunked 207 that never ends, a few bytes each second
    huge-token    a small working CalDAV server (in memory, any collection
                  path) whose every sync-token is 10 MB; logs each
                  sync-collection REPORT as "token N bytes" (the length of
                  the token grocer sent back)
    truncate PORT a proxy to the server on 127.0.0.1:PORT (Radicale) that
                  refuses every sync token (403 DAV:valid-sync-token, as
                  Radicale does for one it lost) and cuts each
                  calendar-query answer to its first 2 members with a 507
                  for the collection (RFC 6578, 3.6), logging "truncated"

Stop it with SIGKILL (e2e/caldav.sh does); it keeps nothing on disk.
"""
import http.client
import http.server
import re
import socket
import socketserver
import sys
import threading
import time

MODES = ("huge", "huge-chunked", "laughs", "external", "hang", "garbage", "redirect", "trickle", "endless", "huge-token",
         "truncate")
KEPT = 2
INVALID_TOKEN = b'<?xml version="1.0" encoding="utf-8"?>\n<D:error xmlns:D="DAV:"><D:valid-sync-token/></D:error>'
FORWARDED = ("authorization", "content-type", "depth", "if-match", "if-none-match")
HUGE = 100 * 1024 * 1024
TRICKLE = 100 * 1024
HUGE_TOKEN = b"http://fake/ns/sync/" + b"7" * (10 * 1024 * 1024)
OTHER_HOST = "127.0.0.2"

MULTISTATUS_HEAD = b'<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus xmlns:d="DAV:">\n'
RESPONSE = (b'<d:response><d:href>/alice/groceries/x.ics</d:href><d:propstat><d:prop>'
            b'<d:getetag>"1"</d:getetag></d:prop><d:status>HTTP/1.1 200 OK</d:status>'
            b'</d:propstat></d:response>\n')

LAUGHS = b"""<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE d:multistatus [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<d:multistatus xmlns:d="DAV:"><d:response><d:href>/alice/groceries/</d:href><d:propstat><d:prop>
<d:displayname>&lol9;</d:displayname></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
</d:multistatus>
"""

EXTERNAL = b"""<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE d:multistatus [
 <!ENTITY xxe SYSTEM "file:///etc/passwd">
]>
<d:multistatus xmlns:d="DAV:"><d:response><d:href>/alice/groceries/</d:href><d:propstat><d:prop>
<d:displayname>&xxe;</d:displayname></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
</d:multistatus>
"""

PLAIN = (MULTISTATUS_HEAD + b'<d:response><d:href>/elsewhere/</d:href><d:propstat><d:prop>'
         b'<d:displayname>elsewhere</d:displayname></d:prop><d:status>HTTP/1.1 200 OK</d:status>'
         b'</d:propstat></d:response>\n</d:multistatus>\n')

log_lock = threading.Lock()


def say(line):
    with log_lock:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    mode = "garbage"
    port = 0
    upstream = 0
    body = b""

    def log_message(self, format, *args):  # quiet: stdout is the log
        pass

    def handle_one_request(self):
        # "garbage" answers before even reading a whole request.
        if self.mode == "garbage":
            head = self.request.recv(65536)
            parts = head.split(b"\r\n", 1)[0].decode("latin-1").split(" ")
            authorized = "yes" if b"\nauthorization:" in head.lower() else "no"
            say(f"request {self.connection.getsockname()[0]} {parts[0]} {parts[1] if len(parts) > 1 else '-'} authorization={authorized}")
            self.wfile.write(b"\x00\xff\xfeSSH-2.0-not-http\r\n\x1b[2J\x1b]0;owned\x07" + bytes(range(256)) * 16)
            self.wfile.flush()
            self.close_connection = True
            return
        super().handle_one_request()

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        self.body = self.rfile.read(length) if 0 < length <= 64 << 20 else b""

    def answer(self, status, body, extra=()):
        self.send_response(status)
        self.send_header("Content-Type", 'application/xml; charset="utf-8"')
        self.send_header("Content-Length", str(len(body)))
        for name, value in extra:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def any_method(self):
        host = self.connection.getsockname()[0]
        authorized = "yes" if self.headers.get("Authorization") else "no"
        say(f"request {host} {self.command} {self.path} authorization={authorized}")
        self.read_body()
        try:
            getattr(self, "mode_" + self.mode.replace("-", "_"))(host)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    do_GET = do_PUT = do_DELETE = do_PROPFIND = do_REPORT = do_MKCALENDAR = do_OPTIONS = do_HEAD = any_method

    def mode_huge(self, host):
        self.send_response(207)
        self.send_header("Content-Type", 'application/xml; charset="utf-8"')
        self.send_header("Content-Length", str(HUGE))
        self.end_headers()
        self.stream(HUGE)

    def mode_huge_chunked(self, host):
        self.send_response(207)
        self.send_header("Content-Type", 'application/xml; charset="utf-8"')
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        chunk = RESPONSE * 512
        sent = 0
        while sent < HUGE:
            self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            sent += len(chunk)
        self.wfile.write(b"0\r\n\r\n")

    def stream(self, total):
        self.wfile.write(MULTISTATUS_HEAD)
        sent = len(MULTISTATUS_HEAD)
        chunk = RESPONSE * 512
        while sent + len(chunk) <= total:
            self.wfile.write(chunk)
            sent += len(chunk)
        self.wfile.write(b" " * (total - sent))

    def mode_laughs(self, host):
        self.answer(207, LAUGHS)

    def mode_external(self, host):
        self.answer(207, EXTERNAL)

    def mode_hang(self, host):
        # Holds the connection until the server is killed.
        while True:
            time.sleep(3600)

    def mode_trickle(self, host):
        self.send_response(207)
        self.send_header("Content-Type", 'application/xml; charset="utf-8"')
        self.send_header("Content-Length", str(TRICKLE))
        self.end_headers()
        body = (MULTISTATUS_HEAD + RESPONSE * (TRICKLE // len(RESPONSE)))[:TRICKLE]
        for i in range(TRICKLE):
            self.wfile.write(body[i:i + 1])
            self.wfile.flush()
            time.sleep(1)

    def mode_endless(self, host):
        self.send_response(207)
        self.send_header("Content-Type", 'application/xml; charset="utf-8"')
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.wfile.write(b"%x\r\n%s\r\n" % (len(MULTISTATUS_HEAD), MULTISTATUS_HEAD))
        while True:
            self.wfile.write(b"4\r\n    \r\n")
            self.wfile.flush()
            time.sleep(1)

    # huge-token: the members of every collection, by path: (etag, body).
    members = {}
    members_lock = threading.Lock()
    generation = 0

    def mode_huge_token(self, host):
        body = self.body
        path = self.path
        folder = path if path.endswith("/") else path.rsplit("/", 1)[0] + "/"
        with self.members_lock:
            if self.command == "PROPFIND":
                prop = (b"<d:resourcetype><d:collection/><c:calendar/></d:resourcetype>"
                        b"<c:supported-calendar-component-set><c:comp name=\"VTODO\"/><c:comp name=\"VJOURNAL\"/>"
                        b"</c:supported-calendar-component-set><d:sync-token>" + HUGE_TOKEN + b"</d:sync-token>")
                self.answer(207, self.multistatus([self.propstat(path.encode(), prop)]))
            elif self.command == "MKCALENDAR":
                self.answer(201, b"")
            elif self.command == "PUT":
                if self.headers.get("If-None-Match") == "*" and path in self.members:
                    self.answer(412, b"")
                    return
                Handler.generation += 1
                etag = '"%d"' % Handler.generation
                self.members[path] = (etag, self.body)
                self.answer(201, b"", [("ETag", etag)])
            elif self.command == "DELETE":
                self.members.pop(path, None)
                self.answer(204, b"")
            elif self.command == "REPORT" and b"sync-collection" in body:
                sent = re.search(rb"<d:sync-token>([^<]*)</d:sync-token>", body)
                say(f"token {len(sent.group(1)) if sent else 0} bytes")
                listed = [self.propstat(p.encode(), b"<d:getetag>" + e.encode() + b"</d:getetag>")
                          for p, (e, _) in self.members.items() if p.startswith(folder)]
                self.answer(207, self.multistatus(listed, b"<d:sync-token>" + HUGE_TOKEN + b"</d:sync-token>"))
            elif self.command == "REPORT" and b"calendar-multiget" in body:
                asked = [h.decode() for h in re.findall(rb"<d:href>([^<]*)</d:href>", body)]
                listed = [self.propstat(h.encode(), b"<d:getetag>" + self.members[h][0].encode() + b"</d:getetag><c:calendar-data>"
                                        + self.members[h][1].replace(b"&", b"&amp;").replace(b"<", b"&lt;") + b"</c:calendar-data>")
                          for h in asked if h in self.members]
                self.answer(207, self.multistatus(listed))
            elif self.command == "REPORT":
                listed = [self.propstat(p.encode(), b"<d:getetag>" + e.encode() + b"</d:getetag>")
                          for p, (e, _) in self.members.items() if p.startswith(folder)]
                self.answer(207, self.multistatus(listed))
            else:
                self.answer(405, b"")

    @staticmethod
    def propstat(href, prop):
        return (b"<d:response><d:href>" + href + b"</d:href><d:propstat><d:prop>" + prop
                + b"</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>")

    @staticmethod
    def multistatus(responses, extra=b""):
        return (b'<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">'
                + b"".join(responses) + extra + b"</d:multistatus>\n")

    def mode_redirect(self, host):
        if host == OTHER_HOST:
            self.answer(207, PLAIN)
        else:
            self.answer(301, b"", [("Location", f"http://{OTHER_HOST}:{self.port}/elsewhere/")])


    def mode_truncate(self, host):
        body = self.body
        if self.command == "REPORT" and b"sync-collection" in body and re.search(rb"<d:sync-token>[^<]+</d:sync-token>", body):
            say("refused a token")
            self.answer(403, INVALID_TOKEN)
            return
        upstream = http.client.HTTPConnection("127.0.0.1", self.upstream)
        headers = {name: value for name, value in self.headers.items() if name.lower() in FORWARDED}
        upstream.request(self.command, self.path, body=body or None, headers=headers)
        reply = upstream.getresponse()
        data = reply.read()
        extra = [(name, value) for name, value in reply.getheaders() if name.lower() in ("etag", "location")]
        if self.command == "REPORT" and b"calendar-query" in body and reply.status == 207:
            found = list(re.finditer(rb"<((?:\w+:)?)response\b.*?</(?:\w+:)?response>", data, re.S))
            members = [m for m in found if not re.search(rb"<(?:\w+:)?href>[^<]*/</(?:\w+:)?href>", m.group(0))]
            if found and len(members) > KEPT:
                prefix = found[0].group(1).decode()
                cut = (f"<{prefix}response><{prefix}href>{self.path}</{prefix}href>"
                       f"<{prefix}status>HTTP/1.1 507 Insufficient Storage</{prefix}status></{prefix}response>").encode()
                data = data[:found[0].start()] + b"".join(m.group(0) for m in members[:KEPT]) + cut + data[found[-1].end():]
                say(f"truncated {len(members)} to {KEPT}")
        self.answer(reply.status, data, extra)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    if len(sys.argv) not in (2, 3) or sys.argv[1] not in MODES or (len(sys.argv) == 3) != (sys.argv[1] == "truncate"):
        sys.stderr.write("usage: fake-caldav.py " + "|".join(MODES) + " (truncate PORT)\n")
        return 2
    Handler.mode = sys.argv[1]
    Handler.upstream = int(sys.argv[2]) if len(sys.argv) == 3 else 0
    servers = [Server(("127.0.0.1", 0), Handler)]
    port = servers[0].server_address[1]
    Handler.port = port
    if Handler.mode == "redirect":
        servers.append(Server((OTHER_HOST, port), Handler))
    for server in servers[1:]:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    say(f"port {port}")
    servers[0].serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
