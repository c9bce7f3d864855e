#!/usr/bin/env python3
"""Upload every .ics file of a folder into a CalDAV collection, as a first
sync does (one PUT an object, If-None-Match: *), with N requests in
flight, and print the wall time in ms: does the server take new objects
faster with more than one request in flight? (bench/sync-inflight.sh.)

Usage: put-inflight.py COLLECTION-URL USER PASSWORD FOLDER N
Exits 1 when the server refuses a PUT.
"""
import base64
import http.client
import os
import queue
import sys
import threading
import time
import urllib.parse


def main() -> int:
    url, user, password, folder, n = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
    parts = urllib.parse.urlsplit(url)
    auth = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
    names = sorted(name for name in os.listdir(folder) if name.endswith(".ics"))
    bodies = [(name, open(os.path.join(folder, name), "rb").read()) for name in names]
    work: "queue.Queue[tuple[str, bytes]]" = queue.Queue()
    for entry in bodies:
        work.put(entry)
    failures: list[str] = []

    def worker() -> None:
        connection = None
        while True:
            try:
                name, body = work.get_nowait()
            except queue.Empty:
                return
            for attempt in (1, 2):
                if connection is None:
                    connection = http.client.HTTPConnection(parts.hostname, parts.port)
                try:
                    connection.request("PUT", parts.path + urllib.parse.quote(name), body=body, headers={
                        "Authorization": auth, "If-None-Match": "*", "Content-Type": "text/calendar; charset=utf-8",
                        "User-Agent": "put-inflight"})
                    response = connection.getresponse()
                    response.read()
                    if response.will_close:
                        connection.close()
                        connection = None
                    if response.status not in (201, 204):
                        failures.append(f"{name}: HTTP {response.status}")
                    break
                except (ConnectionError, http.client.HTTPException):
                    # A kept connection the server closed: once more, anew.
                    connection.close()
                    connection = None
                    if attempt == 2:
                        raise

    start = time.monotonic()
    threads = [threading.Thread(target=worker) for _ in range(n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - start
    if failures:
        print(f"{len(failures)} PUTs refused, the first: {failures[0]}", file=sys.stderr)
        return 1
    print(f"{elapsed * 1000:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
