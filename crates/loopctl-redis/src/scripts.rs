//! The Lua scripts that change shared state, each atomic on the server and each touching one key, so they run on a Redis Cluster too.
//!
//! Times come from the server's own clock (`TIME`), never a replica's, so
//! replicas whose clocks drift still agree on when a cool-down ends. A key
//! that holds something else is reported as `LOOPCTL_FOREIGN …`, never
//! overwritten.
//!
//! Every change of a circuit's state (an open, a close, a probe's claim)
//! stamps it with a new *generation*, carried by every reply and every
//! published event, so a replica applies what it hears in the order the
//! server made it, whatever order the replies and events arrive in.

use std::sync::LazyLock;

use redis::Script;

/// `finite(x)`: whether `x` is a number that is neither NaN nor infinite
/// (Lua's `tonumber` reads `inf` and `nan` as numbers).
const FINITE: &str = r"
local function finite(value)
  return value ~= nil and value == value and value ~= math.huge and value ~= -math.huge
end
";

/// Adds batched refills, then (when `ARGV[5]` is 1) takes one retry from the
/// bucket or from the floor. Returns `{granted, units}`: granted is 0 (none),
/// 1 (from the bucket) or 2 (from the floor).
pub(crate) static BUDGET: LazyLock<Script> = LazyLock::new(|| {
    Script::new(&format!(
        r"{FINITE}
local key = KEYS[1]
local capacity = tonumber(ARGV[1])
local deposit = tonumber(ARGV[2])
local floor = tonumber(ARGV[3])
local ttl = tonumber(ARGV[4])
local want = tonumber(ARGV[5])
local kind = redis.call('TYPE', key)['ok']
if kind ~= 'none' and kind ~= 'hash' then
  return redis.error_reply('LOOPCTL_FOREIGN holds a ' .. kind .. ', not a loopctl budget')
end
local units = redis.call('HGET', key, 'units')
if units then
  units = tonumber(units)
  if not finite(units) then
    return redis.error_reply('LOOPCTL_FOREIGN its units field is not a finite number')
  end
else
  units = capacity
end
units = math.min(capacity, units + deposit)
local granted = 0
if want == 1 then
  if units >= 1000 then
    units = units - 1000
    granted = 1
  elseif floor > 0 then
    local second = tonumber(redis.call('TIME')[1])
    local window = tonumber(redis.call('HGET', key, 'floor_second') or '-1') or -1
    local used = tonumber(redis.call('HGET', key, 'floor_used') or '0') or 0
    if window ~= second then
      window = second
      used = 0
    end
    if used < floor then
      granted = 2
      redis.call('HSET', key, 'floor_second', window, 'floor_used', used + 1)
    end
  end
end
redis.call('HSET', key, 'units', units)
redis.call('PEXPIRE', key, ttl)
return {{granted, units}}
"
    ))
});

/// The opening of every circuit script: the key's type, the server's time,
/// and the circuit's numbers, each checked to be a finite number. `cool` is
/// the cool-down stored when the circuit opened, so every replica times it
/// the same way, or `ARGV[1]` for a circuit that is not open. `bump()` gives
/// the circuit its next generation: the server's time in ms, or one more
/// than the last generation when that is later, so generations only grow,
/// even across a key that expired and was made again.
const NOW_AND_CHECK: &str = r"
local key = KEYS[1]
local function foreign(what)
  return redis.error_reply('LOOPCTL_FOREIGN its ' .. what .. ' field is not a finite number')
end
local function number(field, default)
  local raw = redis.call('HGET', key, field)
  if not raw then
    return default
  end
  local value = tonumber(raw)
  if not finite(value) then
    return nil
  end
  return value
end
local kind = redis.call('TYPE', key)['ok']
if kind ~= 'none' and kind ~= 'hash' then
  return redis.error_reply('LOOPCTL_FOREIGN holds a ' .. kind .. ', not a loopctl circuit')
end
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local opened = number('opened_ms', 0)
if not opened then
  return foreign('opened_ms')
end
local cool = number('cool_ms', tonumber(ARGV[1]))
if not cool then
  return foreign('cool_ms')
end
local probe = number('probe_ms', 0)
if not probe then
  return foreign('probe_ms')
end
local generation = number('gen', 0)
if not generation then
  return foreign('gen')
end
local function bump()
  generation = math.max(now, generation + 1)
  redis.call('HSET', key, 'gen', generation)
  return generation
end
local open_now = opened > 0 and now - opened < cool
";

/// One failed attempt. `ARGV`: cool-down ms, threshold, ttl ms, the server
/// time of this replica's last success of the tool (0 for none), the probe
/// claim this replica holds (0 for none), the channel, the tool.
///
/// The circuit keeps the times of the last `threshold` failures and the time
/// of the latest success any replica reported: a success erases only the
/// failures before it, so consecutive means consecutive in time across the
/// fleet. It opens, and publishes `open GENERATION COOL_MS TOOL` once, when
/// `threshold` failures follow the last success and it is not already open,
/// or when the failure is the probe this replica still holds. A failure
/// while it is open changes nothing but the count. Returns `{failures,
/// remaining cool-down ms (0 when closed), server ms, generation}`.
pub(crate) static CIRCUIT_FAILURE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(&format!(
        r"{FINITE}{NOW_AND_CHECK}
local threshold = tonumber(ARGV[2])
local ttl = tonumber(ARGV[3])
local success = tonumber(ARGV[4]) or 0
local claim = tonumber(ARGV[5]) or 0
local reset = number('reset_ms', 0)
if not reset then
  return foreign('reset_ms')
end
if success > reset then
  reset = success
  redis.call('HSET', key, 'reset_ms', reset)
end
local stamps = {{}}
local streak = redis.call('HGET', key, 'streak')
if streak then
  for stamp in string.gmatch(streak, '[^,]+') do
    local at = tonumber(stamp)
    if not finite(at) then
      return foreign('streak')
    end
    if at > reset then
      stamps[#stamps + 1] = at
    end
  end
end
stamps[#stamps + 1] = now
-- Only the newest `threshold` stamps count: copy that tail in one pass.
local kept = {{}}
for index = math.max(1, #stamps - threshold + 1), #stamps do
  kept[#kept + 1] = stamps[index]
end
redis.call('HSET', key, 'streak', table.concat(kept, ','))
local failures = #kept
local probe_failed = claim > 0 and probe == claim
local remaining = 0
if probe_failed or (not open_now and failures >= threshold) then
  cool = tonumber(ARGV[1])
  redis.call('HSET', key, 'opened_ms', now, 'cool_ms', cool)
  redis.call('HDEL', key, 'probe_ms')
  remaining = cool
  bump()
  redis.call('PUBLISH', ARGV[6], 'open ' .. generation .. ' ' .. cool .. ' ' .. ARGV[7])
elseif open_now then
  remaining = cool - (now - opened)
end
redis.call('PEXPIRE', key, ttl)
return {{failures, remaining, now, generation}}
"
    ))
});

/// Asks to send the half-open probe. `ARGV`: cool-down ms, ttl ms. Returns
/// `{verdict, ms, server ms, generation}`: verdict 0 closed (run); 1 still
/// open, for `ms` more; 2 another replica's probe is under way, its claim
/// lapsing in `ms`; 3 this replica holds the probe, its claim being the
/// server ms. A claim is a change of state and takes a new generation.
pub(crate) static CIRCUIT_PROBE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(&format!(
        r"{FINITE}{NOW_AND_CHECK}
if opened == 0 then
  return {{0, 0, now, generation}}
end
if open_now then
  return {{1, cool - (now - opened), now, generation}}
end
if probe > 0 and now - probe < cool then
  return {{2, cool - (now - probe), now, generation}}
end
redis.call('HSET', key, 'probe_ms', now)
bump()
redis.call('PEXPIRE', key, tonumber(ARGV[2]))
return {{3, 0, now, generation}}
"
    ))
});

/// Successes. `ARGV`: cool-down ms, the probe claim this replica holds (0
/// for none), the channel, the tool, the server time of the replica's last
/// success. The probe's success closes the circuit and publishes `close
/// GENERATION TOOL`, but only while the claim is still the circuit's; the
/// closed circuit keeps its generation, so that no older reply can undo the
/// close. Batched successes move the circuit's last success forward and
/// never close it (a batch may be older than the failures that opened it).
/// Returns `{1 when it closed the circuit, server ms, generation}`.
pub(crate) static CIRCUIT_SUCCESS: LazyLock<Script> = LazyLock::new(|| {
    Script::new(&format!(
        r"{FINITE}{NOW_AND_CHECK}
local claim = tonumber(ARGV[2]) or 0
if claim > 0 then
  if probe == claim then
    redis.call('HDEL', key, 'opened_ms', 'cool_ms', 'probe_ms', 'streak')
    redis.call('HSET', key, 'reset_ms', now)
    bump()
    redis.call('PUBLISH', ARGV[3], 'close ' .. generation .. ' ' .. ARGV[4])
    return {{1, now, generation}}
  end
  return {{0, now, generation}}
end
if kind == 'hash' then
  local success = tonumber(ARGV[5]) or 0
  local reset = number('reset_ms', 0) or 0
  if success > reset then
    redis.call('HSET', key, 'reset_ms', success)
  end
end
return {{0, now, generation}}
"
    ))
});
