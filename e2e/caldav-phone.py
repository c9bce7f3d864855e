#!/usr/bin/env python3
"""The text half of the phone in grocer's sync tests (e2e/test_sync*.sh):
curl does the HTTP, this reads and edits what curl carries. Python's
standard library only; no network.

    caldav-phone.py list           a multistatus (calendar-query with
                                   calendar-data) on stdin; one line per
                                   object: NAME<TAB>UID<TAB>SUMMARY<TAB>STATUS
                                   <TAB>PERCENT-COMPLETE<TAB>X-GROCER-NAME
                                   (NAME is the href's last segment; "-" for
                                   a property the object lacks)
    caldav-phone.py edit OPS...    a calendar object on stdin, written on
                                   stdout with CRLF line ends; each OP is
                                   NAME=VALUE (set, replacing every such line
                                   of the main component) or -NAME (drop
                                   them); lines inside a nested component
                                   (VALARM) are never touched, nor any other
    caldav-phone.py lines NAME     the calendar object on stdin: its lines
                                   (unfolded) of the property NAME, and every
                                   line of nested components (BEGIN:VALARM to
                                   END:VALARM), as bytes, for comparing
"""
import sys
import xml.etree.ElementTree as ET

DAV = "{DAV:}"
CALDAV = "{urn:ietf:params:xml:ns:caldav}"
MAIN = ("VTODO", "VJOURNAL", "VEVENT")


def unfolded(text):
    lines = []
    for raw in text.replace("\r\n", "\n").split("\n"):
        if raw.startswith((" ", "\t")) and lines:
            lines[-1] += raw[1:]
        elif raw:
            lines.append(raw)
    return lines


def props(text):
    """The main component's properties, name -> first value."""
    found, depth = {}, 0
    for line in unfolded(text):
        if line.startswith("BEGIN:"):
            depth += 1
            continue
        if line.startswith("END:"):
            depth -= 1
            continue
        if depth != 2:
            continue
        name = line.split(":", 1)[0].split(";", 1)[0].upper()
        found.setdefault(name, line.split(":", 1)[1] if ":" in line else "")
    return found


def do_list():
    # Radicale passes a control character of an object into its XML as it
    # is (not well-formed): drop those before parsing.
    data = bytes(b for b in sys.stdin.buffer.read() if b >= 0x20 or b in (0x09, 0x0A, 0x0D))
    tree = ET.ElementTree(ET.fromstring(data))
    for response in tree.getroot().iter(DAV + "response"):
        href = response.findtext(DAV + "href") or ""
        data = None
        for element in response.iter(CALDAV + "calendar-data"):
            data = element.text
        if not data:
            continue
        p = props(data)
        name = href.rstrip("/").rsplit("/", 1)[-1]
        fields = [name] + [p.get(k, "-") for k in ("UID", "SUMMARY", "STATUS", "PERCENT-COMPLETE", "X-GROCER-NAME")]
        print("\t".join(fields))


def do_edit(ops):
    sets, drops = {}, set()
    for op in ops:
        if op.startswith("-"):
            drops.add(op[1:].upper())
        else:
            name, value = op.split("=", 1)
            sets[name.upper()] = value
    out, depth, done = [], 0, set()
    for line in unfolded(sys.stdin.read()):
        if line.startswith("BEGIN:"):
            depth += 1
        name = line.split(":", 1)[0].split(";", 1)[0].upper()
        if line.startswith("END:") and depth == 2:
            for key, value in sets.items():
                if key not in done:
                    out.append(f"{key}:{value}")
        if depth == 2 and not line.startswith(("BEGIN:", "END:")):
            if name in drops:
                continue
            if name in sets:
                if name not in done:
                    out.append(f"{name}:{sets[name]}")
                    done.add(name)
                continue
        if line.startswith("END:"):
            depth -= 1
        out.append(line)
    sys.stdout.write("".join(line + "\r\n" for line in out))


def do_lines(wanted):
    data = sys.stdin.buffer.read()
    # Byte for byte: the raw lines, folded as the server folded them.
    raw = data.split(b"\r\n") if b"\r\n" in data else data.split(b"\n")
    logical = []
    for line in raw:
        if line[:1] in (b" ", b"\t") and logical:
            logical[-1].append(line)
        elif line:
            logical.append([line])
    inside = 0
    for parts in logical:
        first = parts[0]
        if first.startswith(b"BEGIN:") and first[6:].strip() not in (b"VCALENDAR",) + tuple(m.encode() for m in MAIN):
            inside += 1
        name = first.split(b":", 1)[0].split(b";", 1)[0].upper()
        if inside or name == wanted.upper().encode():
            sys.stdout.buffer.write(b"\r\n".join(parts) + b"\r\n")
        if first.startswith(b"END:") and inside and first[4:].strip() not in (b"VCALENDAR",) + tuple(m.encode() for m in MAIN):
            inside -= 1


def main():
    if len(sys.argv) >= 2 and sys.argv[1] == "list":
        do_list()
    elif len(sys.argv) >= 2 and sys.argv[1] == "edit":
        do_edit(sys.argv[2:])
    elif len(sys.argv) == 3 and sys.argv[1] == "lines":
        do_lines(sys.argv[2])
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
