/**
 * A time of the control bar: the position or the duration (media-chrome's media-time-display).
 * Memoized: rendered again when its text changes (once a second), not on every time update.
 */
import { memo } from 'react';

export const TimeDisplay = memo(function TimeDisplay({ part, time }: { part: 'current-time' | 'duration'; time: string }) {
  return (
    <span part={`time ${part}`} className="time">
      {time}
    </span>
  );
});
