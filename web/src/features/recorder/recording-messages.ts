/** Said when the camera or microphone cannot be opened (the preview, or a take's start). */
export const PERMISSION_ERROR = "Failed to start recording. Please check your camera and microphone permissions.";
