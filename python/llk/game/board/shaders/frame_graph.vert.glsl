#version 330
// The frame-time overlay's graph (views/frame_overlay.py): its triangles, already in clip
// space, each corner with its colour.
in vec2 in_vert;
in vec4 in_colour;
out vec4 colour;
void main() {
    gl_Position = vec4(in_vert, 0.0, 1.0);
    colour = in_colour;
}
