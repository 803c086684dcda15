-- Sharing counts as a welfare-centre task (issue 13 names it beside bind phone, watching and reading).
INSERT INTO integral_tasks (module_id, title, title_en, description, description_en, integral, period, target, link, sort) VALUES
  (23, '分享内容', 'Share something', '每天分享 1 个视频、论文或会议给好友', 'Share a video, paper or meeting with a friend each day', 5, 'daily', 1, '/videoList', 5);
