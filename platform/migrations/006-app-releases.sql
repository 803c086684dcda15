-- Releases of the native apps: /sys/android/version answers the newest Android one (its download address).
CREATE TABLE app_releases (
  id INTEGER PRIMARY KEY,
  platform TEXT NOT NULL CHECK (platform IN ('android', 'ios')),
  version_name TEXT NOT NULL,
  version_code INTEGER NOT NULL,
  download_url TEXT NOT NULL,
  notes TEXT NOT NULL,
  notes_en TEXT NOT NULL,
  released_at TEXT NOT NULL,
  UNIQUE (platform, version_code)
);

INSERT INTO app_releases (platform, version_name, version_code, download_url, notes, notes_en, released_at) VALUES
  ('android', '3.1.0', 310, 'https://sj.qq.com/appdetail/cn.econscholar.app', '学术直播支持倍速回放；学者主页新增研究领域。', 'Live replays play at any speed; scholar profiles list research fields.', '2026-09-18T10:00:00+08:00'),
  ('android', '3.2.0', 320, 'https://sj.qq.com/appdetail/cn.econscholar.app', '新增积分任务与每日签到；会议选座更流畅。', 'Points tasks and daily sign-in; smoother seat selection at conferences.', '2026-11-06T10:00:00+08:00'),
  ('ios', '3.2.0', 320, 'https://apps.apple.com/cn/app/id1458532760', '新增积分任务与每日签到；会议选座更流畅。', 'Points tasks and daily sign-in; smoother seat selection at conferences.', '2026-11-06T10:00:00+08:00');
