import Foundation

/// Answers captured from real servers on loopback (2026-11-25), byte for
/// byte: the Tasks.org-style flour.ics and a Reminders-style apples.ics were
/// PUT, then changed and deleted with curl. Both servers rewrite what they
/// are given (properties sorted, lines folded again; Xandikos writes the
/// VALARM's TRIGGER PT0S as P0D), so what grocer keeps byte for byte is the
/// server's copy, not the bytes a phone sent.
enum ServerAnswers {
    /// Radicale 3.1.8, sync-collection from a token after flour.ics changed and apples.ics was deleted.
    static let radicaleChangedAndDeleted =
        "<?xml version='1.0' encoding='utf-8'?>\n"
        + "<multistatus xmlns=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\"><sync-token>http://radicale.org/ns/sync/3c4e2ad2d20dd199a4b9bce20de0f95f36d65cf10aa3718a25a5228e2d94e568</sync-token><response><href>/alice/groceries/apples.ics</href><status>HTTP/1.1 404 Not Found</status></response><response><href>/alice/groceries/flour.ics</href><propstat><prop><getetag>\"7941500708f6f9f7fc5901f07b43f56ccf7b7d8f2accb4c3a8206c13eb53c387\"</getetag><C:calendar-data>BEGIN:VCALENDAR\r\n"
        + "VERSION:2.0\r\n"
        + "PRODID:+//IDN tasks.org//android-130804//EN\r\n"
        + "BEGIN:VTODO\r\n"
        + "CREATED:20261120T090000Z\r\n"
        + "DESCRIPTION:the good one\\, not the cheap one\\nfrom the top shelf &amp; &lt;more&gt;\r\n"
        + "DTSTAMP:20261125T101010Z\r\n"
        + "LAST-MODIFIED:20261125T101010Z\r\n"
        + "SUMMARY:3 kg flour\r\n"
        + "UID:6d3c1f0e-1b2a-4c55-9e0e-2f1d2c3b4a59\r\n"
        + "BEGIN:VALARM\r\n"
        + "ACTION:DISPLAY\r\n"
        + "DESCRIPTION:Default Tasks.org description\r\n"
        + "TRIGGER;RELATED=END:PT0S\r\n"
        + "END:VALARM\r\n"
        + "X-APPLE-SORT-ORDER:-12345\r\n"
        + "X-LONG-THING:01234567890123456789012345678901234567890123456789012345678901\r\n"
        + " 23456789 and the rest\r\n"
        + "X-TASKS-ORG-COLOR;VALUE=INTEGER:-16777216\r\n"
        + "END:VTODO\r\n"
        + "END:VCALENDAR\r\n"
        + "</C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>"

    /// Xandikos 0.2.8, sync-collection with no token: ETags only, calendar-data 404.
    static let xandikosSyncWithoutData =
        "<ns0:multistatus xmlns:ns0=\"DAV:\" xmlns:ns1=\"urn:ietf:params:xml:ns:caldav\"><ns0:response><ns0:href>/user/calendars/groceries/apples.ics</ns0:href><ns0:propstat><ns0:status>HTTP/1.1 200 OK</ns0:status><ns0:prop><ns0:getetag>\"949aa2b4ae70f0a72f2a568c6ebffcf60db5e900\"</ns0:getetag></ns0:prop></ns0:propstat><ns0:propstat><ns0:status>HTTP/1.1 404 Not Found</ns0:status><ns0:prop><ns1:calendar-data /></ns0:prop></ns0:propstat></ns0:response><ns0:response><ns0:href>/user/calendars/groceries/flour.ics</ns0:href><ns0:propstat><ns0:status>HTTP/1.1 200 OK</ns0:status><ns0:prop><ns0:getetag>\"45310f481239ca6b809ce5893ead5c0eb7f5982f\"</ns0:getetag></ns0:prop></ns0:propstat><ns0:propstat><ns0:status>HTTP/1.1 404 Not Found</ns0:status><ns0:prop><ns1:calendar-data /></ns0:prop></ns0:propstat></ns0:response><ns0:sync-token>4d296c7c24cc5512a558133d813050bbede7b42b</ns0:sync-token></ns0:multistatus>"

    /// Xandikos 0.2.8, calendar-multiget of flour.ics and a missing member.
    static let xandikosMultiget =
        "<ns0:multistatus xmlns:ns0=\"DAV:\" xmlns:ns1=\"urn:ietf:params:xml:ns:caldav\"><ns0:response><ns0:href>/user/calendars/groceries/flour.ics</ns0:href><ns0:propstat><ns0:status>HTTP/1.1 200 OK</ns0:status><ns0:prop><ns0:getetag>\"45310f481239ca6b809ce5893ead5c0eb7f5982f\"</ns0:getetag><ns1:calendar-data>BEGIN:VCALENDAR\r\n"
        + "VERSION:2.0\r\n"
        + "PRODID:+//IDN tasks.org//android-130804//EN\r\n"
        + "BEGIN:VTODO\r\n"
        + "CREATED:20261120T090000Z\r\n"
        + "DESCRIPTION:the good one\\, not the cheap one\\nfrom the top shelf &amp; &lt;more&gt;\r\n"
        + "DTSTAMP:20261125T101010Z\r\n"
        + "LAST-MODIFIED:20261125T101010Z\r\n"
        + "SUMMARY:2 kg flour\r\n"
        + "UID:6d3c1f0e-1b2a-4c55-9e0e-2f1d2c3b4a59\r\n"
        + "X-APPLE-SORT-ORDER:-12345\r\n"
        + "X-LONG-THING:0123456789012345678901234567890123456789012345678901234567890\r\n"
        + " 123456789 and the rest\r\n"
        + "X-TASKS-ORG-COLOR;VALUE=INTEGER:-16777216\r\n"
        + "BEGIN:VALARM\r\n"
        + "ACTION:DISPLAY\r\n"
        + "DESCRIPTION:Default Tasks.org description\r\n"
        + "TRIGGER;RELATED=END:P0D\r\n"
        + "END:VALARM\r\n"
        + "END:VTODO\r\n"
        + "END:VCALENDAR\r\n"
        + "</ns1:calendar-data></ns0:prop></ns0:propstat></ns0:response><ns0:response><ns0:href>/user/calendars/groceries/missing.ics</ns0:href><ns0:status>HTTP/1.1 404 Not Found</ns0:status></ns0:response></ns0:multistatus>"

    /// Xandikos 0.2.8, sync-collection after apples.ics was deleted.
    static let xandikosDeleted =
        "<ns0:multistatus xmlns:ns0=\"DAV:\"><ns0:response><ns0:href>/user/calendars/groceries/apples.ics</ns0:href><ns0:status>HTTP/1.1 404 Not Found</ns0:status></ns0:response><ns0:sync-token>4b53955351ccfd7be72a471bc0cccc9972e346d9</ns0:sync-token></ns0:multistatus>"

    /// Radicale 3.1.8 (403) to a token it does not know.
    static let radicaleInvalidToken = "<?xml version='1.0' encoding='utf-8'?>\n<error xmlns=\"DAV:\"><valid-sync-token /></error>"

    /// Xandikos 0.2.8 (500, text/plain) to a token it does not know.
    static let xandikosUnknownToken = "500 Internal Server Error\n\nServer got itself in trouble"
}
