#!/usr/bin/env python3
"""Writes the GPX fixtures of Tests/Fixtures/gpx, shaped as real exports are.

osmand-hangang.gpx: GPX 1.1 as OsmAnd writes it (metadata, a namespace prefix for its
extensions, one fix a second): a 42-minute walk along the Han river in Mapo, with a
stop (a second segment after a pause), GPS jitter while standing, elevations and times.
garmin-two-tracks.gpx: GPX 1.0 with two tracks: one timed, one without times.
Deterministic (a fixed seed), so the files are the same on every run.
"""
import math
import random

random.seed(20261129)


def walk(start_lat, start_lon, bearing_deg, metres, speed, jitter):
    """Points one a second along a gently turning line, with jitter in metres."""
    points = []
    lat, lon, bearing = start_lat, start_lon, math.radians(bearing_deg)
    travelled = 0.0
    while travelled < metres:
        bearing += math.radians(random.uniform(-2, 2))
        step = speed
        lat += step * math.cos(bearing) / 111_195
        lon += step * math.sin(bearing) / (111_195 * math.cos(math.radians(lat)))
        travelled += step
        jlat = lat + random.gauss(0, jitter) / 111_195
        jlon = lon + random.gauss(0, jitter) / (111_195 * math.cos(math.radians(lat)))
        points.append((jlat, jlon))
    return points, lat, lon


def stand(lat, lon, seconds, jitter):
    return [(lat + random.gauss(0, jitter) / 111_195, lon + random.gauss(0, jitter) / 111_195) for _ in range(seconds)]


def stamp(seconds):
    # 2026-11-28T22:00:00Z is 07:00 on the 29th in Seoul.
    base = 22 * 3600
    total = base + seconds
    day = 28 + total // 86400
    total %= 86400
    return "2026-11-%02dT%02d:%02d:%02dZ" % (day, total // 3600, total % 3600 // 60, total % 60)


def osmand():
    first, lat, lon = walk(37.5560, 126.8950, 120, 1400, 1.25, 1.5)
    first += stand(lat, lon, 90, 2.0)
    second, _, _ = walk(lat, lon, 100, 1700, 1.3, 1.5)
    lines = [
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>",
        '<gpx version="1.1" creator="OsmAnd~ 4.8.6" xmlns="http://www.topografix.com/GPX/1/1" '
        'xmlns:osmand="https://osmand.net" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
        'xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">',
        "  <metadata>",
        "    <name>한강 산책 🐕</name>",
        "    <time>%s</time>" % stamp(0),
        "  </metadata>",
        "  <trk>",
        "    <name>한강 산책 🐕</name>",
    ]
    t = 0
    for segment in (first, second):
        lines.append("    <trkseg>")
        for lat, lon in segment:
            ele = 12.0 + 3 * math.sin(t / 300)
            lines.append('      <trkpt lat="%.7f" lon="%.7f">' % (lat, lon))
            lines.append("        <ele>%.1f</ele>" % ele)
            lines.append("        <time>%s</time>" % stamp(t))
            lines.append("        <hdop>%.1f</hdop>" % random.uniform(2, 6))
            lines.append("        <extensions>")
            lines.append("          <osmand:speed>%.1f</osmand:speed>" % random.uniform(1.0, 1.5))
            lines.append("        </extensions>")
            lines.append("      </trkpt>")
            t += 1
        lines.append("    </trkseg>")
        t += 240  # the pause between the segments: the app was stopped
    lines += ["  </trk>", "</gpx>", ""]
    return "\n".join(lines)


def garmin():
    timed, _, _ = walk(35.1595, 129.1604, 30, 900, 1.2, 0.5)
    untimed, _, _ = walk(35.1530, 129.1180, 200, 600, 5, 0.0)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<gpx version="1.0" creator="Garmin Connect" xmlns="http://www.topografix.com/GPX/1/0">',
        "<trk><name>Haeundae</name><trkseg>",
    ]
    for i, (lat, lon) in enumerate(timed):
        lines.append('<trkpt lat="%.6f" lon="%.6f"><ele>%.1f</ele><time>%s</time></trkpt>'
                     % (lat, lon, 4.0, stamp(86400 + 3600 + i)))
    lines.append("</trkseg></trk>")
    lines.append("<trk><name>Gwangalli</name><trkseg>")
    for lat, lon in untimed:
        lines.append('<trkpt lat="%.6f" lon="%.6f"/>' % (lat, lon))
    lines += ["</trkseg></trk>", "</gpx>", ""]
    return "\n".join(lines)


with open("osmand-hangang.gpx", "w", encoding="utf-8") as f:
    f.write(osmand())
with open("garmin-two-tracks.gpx", "w", encoding="utf-8") as f:
    f.write(garmin())
