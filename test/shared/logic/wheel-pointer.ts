import { GAMIFIED } from '../../../shared/constants/gamified.ts';
import { WHEEL_SEGMENTS } from '../../../shared/logic/prize.ts';

/**
 * The segment under the pointer once the wheel has turned `rotation` degrees clockwise: what a
 * visitor reads when it stops. The tests' own reading, independent of how `landingRotation` aims.
 */
export function segmentAtPointer(rotation: number): number {
  const wheelAngleAtPointer = ((-rotation % 360) + 360) % 360;
  return Math.floor(wheelAngleAtPointer / GAMIFIED.WHEEL_SEGMENT_DEGREES) % WHEEL_SEGMENTS;
}
