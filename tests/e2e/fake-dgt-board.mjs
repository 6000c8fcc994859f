// A DGT board on a pseudo-terminal for the tests that run the real bridge on a serial line: a
// Python program (the standard library's pty) answering the requests a bridge makes of a board,
// its serial numbers and its pieces, and on request a wireless board's battery with a clock's
// low-battery bit. Shared by the hall's detected-boards test and the live page's battery test.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// A DGT board on a pseudo-terminal, as much of one as the hall asks of it: its serial numbers
// (SERIALNR 0x91, LONG_SERIALNR 0xA2), its version (0x93) and the whole board (BOARD_DUMP 0x86,
// the start position from a8). Each message: its id, its length in two 7-bit bytes, its data.
const FAKE_BOARD = String.raw`
import os, sys, tty
link, serial = sys.argv[1], sys.argv[2]
master, slave = os.openpty()
tty.setraw(slave)
if os.path.lexists(link):
    os.remove(link)
os.symlink(os.ttyname(slave), link)
def message(kind, data):
    n = len(data) + 3
    return bytes([kind, n >> 7, n & 0x7F]) + bytes(data)
START = [8, 9, 10, 12, 11, 10, 9, 8] + [7] * 8 + [0] * 32 + [1] * 8 + [2, 3, 4, 6, 5, 4, 3, 2]
ANSWERS = {
    # A Millennium ChessLink board answers its version request (V) with its version (v ...):
    # all it tells, no serial number.
    0x56: b'v0101' + b'77',
} if serial == 'millennium' else {
    0x45: message(0x91, serial.encode()),
    0x55: message(0xA2, serial.rjust(10, '0').encode()),
    0x4D: message(0x93, [1, 0]),
    0x42: message(0x86, START),
}
if len(sys.argv) > 3:
    # A Bluetooth board that tells its battery (BATTERY_STATUS 0xA0: 64 %, the times not known,
    # not charging) with its pieces, and a clock cabled to it that reads 1:30:00 each, stopped,
    # its low-battery bit set (BWTIME 0x8D, status bit 2).
    ANSWERS[0x42] += message(0xA0, [64] + [0x7F] * 7 + [0]) + message(0x8D, [0x01, 0x30, 0x00, 0x01, 0x30, 0x00, 0x04])
print('ready', flush=True)
while True:
    for b in os.read(master, 1024):
        b &= 0x7F if serial == 'millennium' else 0xFF
        if b in ANSWERS:
            os.write(master, ANSWERS[b])
`;

/** Starts a fake board answering with `serial` at `link` (telling its battery and its clock's
 * with `battery`); resolves once it is there. */
export function fakeBoard(dir, link, serial, { battery = false } = {}) {
  const script = path.join(dir, 'fake_board.py');
  fs.writeFileSync(script, FAKE_BOARD);
  const child = spawn('python3', [script, link, serial, ...(battery ? ['battery'] : [])], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (c) => { err += c; });
    child.stdout.once('data', () => resolve(child));
    child.on('exit', (code) => reject(new Error(`the fake board exited (${code}): ${err}`)));
  });
}
