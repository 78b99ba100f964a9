/** A time of the control bar: the position or the duration (media-chrome's media-time-display). */
export function TimeDisplay({ part, time }: { part: 'current-time' | 'duration'; time: string }) {
  return (
    <span part={`time ${part}`} className="time">
      {time}
    </span>
  );
}
