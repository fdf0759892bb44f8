#!/bin/sh
# Regenerates assets/demo-video.mp4, the demo gallery's video item (3 s, 320×180, H.264 + AAC, ~30 KB):
# ffmpeg's built-in test pattern and a 440 Hz tone, nothing downloaded. Needs ffmpeg (Debian: apt-get
# install ffmpeg); the seed only reads the committed file.
set -e
cd "$(dirname "$0")"
ffmpeg -loglevel error -y \
  -f lavfi -i "testsrc2=size=320x180:rate=12:duration=3" \
  -f lavfi -i "sine=frequency=440:duration=3" \
  -c:v libx264 -preset veryslow -crf 36 -pix_fmt yuv420p -profile:v baseline \
  -c:a aac -b:a 24k -shortest -movflags +faststart demo-video.mp4
