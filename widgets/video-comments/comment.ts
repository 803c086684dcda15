/** One comment as /video/commentList and /video/addVideoComment answer it. */
export interface Comment {
  id: number;
  videoId: number;
  userId: number;
  userName: string;
  portraitUrl: string;
  content: string;
  createTime: string;
}
