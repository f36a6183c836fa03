// See include/COpenCV.h. Without OpenCV's headers (Package.swift looks for them) every
// function fails, saying how to install OpenCV.
#include "COpenCV.h"

#include <string>

namespace {
thread_local std::string lastError;

int fail(const std::string &reason) {
    lastError = reason;
    return -1;
}
} // namespace

extern "C" const char *ocrkit_cv_last_error(void) { return lastError.c_str(); }

extern "C" const char *ocrkit_cv_unavailability(void) {
    return "OCRKit was built without OpenCV's headers (/usr/include/opencv4): install them (apt-get install "
           "libopencv-imgproc-dev), then build again after scripts/rescan-headers (in an OCRKit checkout; in a package "
           "using it, `swift package purge-cache` and touching its Package.swift), which forgets the earlier look";
}

#if __has_include(<opencv2/imgproc.hpp>)
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace {

/// A view of the caller's pixels, without copying them.
cv::Mat wrap(const uint8_t *pixels, int width, int height, int channels) {
    return cv::Mat(height, width, channels == 3 ? CV_8UC3 : CV_8UC1, const_cast<uint8_t *>(pixels));
}

cv::Mat grayOf(const cv::Mat &image) {
    if (image.channels() == 1) return image;
    cv::Mat gray;
    cv::cvtColor(image, gray, cv::COLOR_RGB2GRAY);
    return gray;
}

/// Runs `body`, turning OpenCV's exceptions into a failure with its message.
template <typename Body>
int guarded(Body body) {
    try {
        body();
        return 0;
    } catch (const cv::Exception &error) {
        return fail("OpenCV: " + error.msg);
    } catch (const std::exception &error) {
        return fail(error.what());
    }
}

bool validImage(const uint8_t *pixels, int width, int height, int channels) {
    return pixels != nullptr && width > 0 && height > 0 && (channels == 1 || channels == 3);
}

// MARK: Finding the page

/// The side, in pixels, images are searched for pages at: enough for a page's outline, cheap.
constexpr double searchSide = 640;

/// A quadrilateral's corners clockwise from the one nearest the top left.
std::vector<cv::Point2f> clockwiseFromTopLeft(std::vector<cv::Point2f> corners) {
    cv::Point2f centre(0, 0);
    for (const auto &corner : corners) centre += corner * 0.25f;
    // With y pointing down, increasing angle is clockwise.
    std::sort(corners.begin(), corners.end(), [&](const cv::Point2f &a, const cv::Point2f &b) {
        return std::atan2(a.y - centre.y, a.x - centre.x) < std::atan2(b.y - centre.y, b.x - centre.x);
    });
    auto first = std::min_element(corners.begin(), corners.end(), [](const cv::Point2f &a, const cv::Point2f &b) {
        return a.x + a.y < b.x + b.y;
    });
    std::rotate(corners.begin(), first, corners.end());
    return corners;
}

/// The four-cornered outline that best simplifies `hull`, if it has one.
bool quadrilateral(const std::vector<cv::Point> &hull, std::vector<cv::Point2f> &quad) {
    double perimeter = cv::arcLength(hull, true);
    for (double tolerance = 0.01; tolerance <= 0.08; tolerance += 0.01) {
        std::vector<cv::Point> simplified;
        cv::approxPolyDP(hull, simplified, tolerance * perimeter, true);
        if (simplified.size() < 4) return false;
        if (simplified.size() == 4 && cv::isContourConvex(simplified)) {
            quad.assign(simplified.begin(), simplified.end());
            return true;
        }
    }
    return false;
}

/// The share of the quad's outline that lies on an edge of the image, or on its border (a page
/// may run off the photo at one side). Each side counts equally, and a side without support sinks
/// the quad, as does lying along more than one side of the photo: that is a lit part of the photo
/// (beside a shadow, say), not a page.
double edgeSupport(const std::vector<cv::Point2f> &quad, const cv::Mat &edges) {
    double total = 0, weakest = 1;
    int sidesOnBorder = 0;
    for (int side = 0; side < 4; side++) {
        cv::Point2f from = quad[side], to = quad[(side + 1) % 4];
        int samples = std::max(8, static_cast<int>(cv::norm(to - from) / 2));
        int supported = 0, bordering = 0;
        for (int i = 0; i < samples; i++) {
            cv::Point2f point = from + (to - from) * ((i + 0.5f) / samples);
            int x = cvRound(point.x), y = cvRound(point.y);
            bool onBorder = x <= 2 || y <= 2 || x >= edges.cols - 3 || y >= edges.rows - 3;
            bool onEdge = x >= 0 && y >= 0 && x < edges.cols && y < edges.rows && edges.at<uint8_t>(y, x) != 0;
            if (onBorder || onEdge) supported++;
            if (onBorder) bordering++;
        }
        double share = static_cast<double>(supported) / samples;
        total += share;
        weakest = std::min(weakest, share);
        if (bordering > samples * 0.8) sidesOnBorder++;
    }
    return weakest < 0.3 || sidesOnBorder > 1 ? 0 : total / 4;
}

/// Outlines that may be the page: the shapes the edges enclose, and the bright regions (paper
/// is usually lighter than what it lies on).
std::vector<std::vector<cv::Point>> pageOutlines(const cv::Mat &image, const cv::Mat &edges) {
    std::vector<std::vector<cv::Point>> outlines, found;
    cv::findContours(edges, found, cv::RETR_LIST, cv::CHAIN_APPROX_SIMPLE);
    outlines.insert(outlines.end(), found.begin(), found.end());

    cv::Mat gray = grayOf(image), blurred, bright;
    cv::GaussianBlur(gray, blurred, cv::Size(5, 5), 0);
    cv::threshold(blurred, bright, 0, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
    // Close the page's print into it, so that the paper is one region.
    cv::morphologyEx(bright, bright, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(9, 9)));
    cv::findContours(bright, found, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
    outlines.insert(outlines.end(), found.begin(), found.end());
    return outlines;
}

/// Edges in any colour channel: a page can differ from its background in colour alone.
cv::Mat edgesOf(const cv::Mat &image) {
    cv::Mat blurred, edges = cv::Mat::zeros(image.size(), CV_8UC1);
    cv::GaussianBlur(image, blurred, cv::Size(5, 5), 0);
    std::vector<cv::Mat> channels;
    cv::split(blurred, channels);
    for (const auto &channel : channels) {
        cv::Mat channelEdges;
        cv::Canny(channel, channelEdges, 30, 90);
        edges |= channelEdges;
    }
    cv::dilate(edges, edges, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(3, 3)));
    return edges;
}

} // namespace

extern "C" int ocrkit_cv_is_available(void) { return 1; }

extern "C" int ocrkit_cv_find_page(const uint8_t *pixels, int width, int height, int channels,
                                   double minimum_support, ocrkit_cv_point corners[4], double *confidence) {
    if (!validImage(pixels, width, height, channels)) return fail("not an 8-bit gray or RGB image");
    return guarded([&] {
        cv::Mat source = wrap(pixels, width, height, channels), image;
        double scale = std::min(1.0, searchSide / std::max(width, height));
        cv::resize(source, image, cv::Size(), scale, scale, cv::INTER_AREA);
        cv::Mat edges = edgesOf(image), nearEdges;
        // An outline traced from the paper's brightness runs a pixel or three inside the edge.
        cv::dilate(edges, nearEdges, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(7, 7)));
        double imageArea = static_cast<double>(image.cols) * image.rows;

        struct Candidate {
            std::vector<cv::Point2f> quad;
            double support, area;
        };
        std::vector<Candidate> candidates;
        for (const auto &outline : pageOutlines(image, edges)) {
            if (cv::contourArea(outline) < 0.1 * imageArea) continue;
            std::vector<cv::Point> hull;
            cv::convexHull(outline, hull);
            std::vector<cv::Point2f> quad;
            if (!quadrilateral(hull, quad)) continue;
            double area = cv::contourArea(quad);
            // The whole photo's frame is no page.
            if (area > 0.98 * imageArea) continue;
            quad = clockwiseFromTopLeft(quad);
            candidates.push_back({quad, edgeSupport(quad, nearEdges), area});
        }

        // The largest outline about as well supported as the best: a table ruled on the page
        // can have edges as clean as the page's own.
        double best = 0;
        for (const auto &candidate : candidates) best = std::max(best, candidate.support);
        const Candidate *chosen = nullptr;
        for (const auto &candidate : candidates) {
            if (candidate.support < minimum_support || candidate.support < best - 0.1) continue;
            if (chosen == nullptr || candidate.area > chosen->area) chosen = &candidate;
        }
        *confidence = chosen ? chosen->support : 0;
        for (int i = 0; i < 4; i++) {
            corners[i].x = chosen ? chosen->quad[i].x / scale : 0;
            corners[i].y = chosen ? chosen->quad[i].y / scale : 0;
        }
    });
}

extern "C" int ocrkit_cv_warp_quad(const uint8_t *pixels, int width, int height, int channels,
                                   const ocrkit_cv_point corners[4],
                                   uint8_t *output, int output_width, int output_height) {
    if (!validImage(pixels, width, height, channels)) return fail("not an 8-bit gray or RGB image");
    if (output == nullptr || output_width < 1 || output_height < 1) return fail("the output has no pixels");
    return guarded([&] {
        cv::Point2f from[4], to[4] = {
            {0, 0}, {static_cast<float>(output_width), 0},
            {static_cast<float>(output_width), static_cast<float>(output_height)}, {0, static_cast<float>(output_height)}};
        for (int i = 0; i < 4; i++) from[i] = cv::Point2f(corners[i].x, corners[i].y);
        cv::Mat result = wrap(output, output_width, output_height, channels);
        cv::warpPerspective(wrap(pixels, width, height, channels), result, cv::getPerspectiveTransform(from, to),
                            result.size(), cv::INTER_CUBIC, cv::BORDER_REPLICATE);
    });
}

// MARK: Skew

namespace {

/// How sharply the points' projections across `degrees` pile up into rows: the sum of the
/// squared row counts, highest when lines of text lie along that angle.
double rowEnergy(const std::vector<cv::Point2f> &points, double degrees, int bins, bool acrossColumns) {
    double radians = degrees * CV_PI / 180, c = std::cos(radians), s = std::sin(radians);
    std::vector<int> counts(bins, 0);
    double offset = bins / 2.0;
    for (const auto &point : points) {
        // The coordinate across the lines, once the tilt is taken out.
        double across = acrossColumns ? point.x * c - point.y * s : point.y * c + point.x * s;
        int bin = static_cast<int>(across + offset);
        if (bin >= 0 && bin < bins) counts[bin]++;
    }
    double energy = 0;
    for (int count : counts) energy += static_cast<double>(count) * count;
    return energy;
}

} // namespace

extern "C" int ocrkit_cv_estimate_skew(const uint8_t *pixels, int width, int height, int channels,
                                       double max_degrees, double *degrees, double *confidence) {
    if (!validImage(pixels, width, height, channels)) return fail("not an 8-bit gray or RGB image");
    return guarded([&] {
        cv::Mat image = grayOf(wrap(pixels, width, height, channels)), small, ink;
        double scale = std::min(1.0, 1000.0 / std::max(width, height));
        cv::resize(image, small, cv::Size(), scale, scale, cv::INTER_AREA);
        cv::adaptiveThreshold(small, ink, 255, cv::ADAPTIVE_THRESH_MEAN_C, cv::THRESH_BINARY_INV, 25, 15);

        std::vector<cv::Point> found;
        cv::findNonZero(ink, found);
        // A sample is enough, and keeps the search fast on dense pages.
        size_t stride = std::max<size_t>(1, found.size() / 40000);
        std::vector<cv::Point2f> points;
        cv::Point2f centre(small.cols / 2.0f, small.rows / 2.0f);
        for (size_t i = 0; i < found.size(); i += stride) points.push_back(cv::Point2f(found[i]) - centre);
        *degrees = 0;
        *confidence = 0;
        if (points.size() < 200) return;

        int bins = static_cast<int>(std::hypot(small.cols, small.rows)) + 2;
        double bestAngle = 0, bestEnergy = -1, sum = 0;
        int count = 0;
        for (bool acrossColumns : {false, true}) {
            for (double angle = -max_degrees; angle <= max_degrees + 1e-9; angle += 0.5) {
                double energy = rowEnergy(points, angle, bins, acrossColumns);
                sum += energy;
                count++;
                if (energy > bestEnergy) {
                    bestEnergy = energy;
                    bestAngle = angle;
                }
            }
        }
        // Refine around the best half degree, in whichever direction the lines run.
        double refined = bestAngle, refinedEnergy = bestEnergy;
        for (bool acrossColumns : {false, true}) {
            for (double angle = bestAngle - 0.45; angle <= bestAngle + 0.45 + 1e-9; angle += 0.05) {
                double energy = rowEnergy(points, angle, bins, acrossColumns);
                if (energy > refinedEnergy) {
                    refinedEnergy = energy;
                    refined = angle;
                }
            }
        }
        *degrees = refined;
        // Text lines make the best angle stand far above the average one; noise does not.
        *confidence = std::clamp(1 - sum / count / refinedEnergy, 0.0, 1.0);
    });
}

extern "C" int ocrkit_cv_rotate(const uint8_t *pixels, int width, int height, int channels, double degrees,
                                uint8_t *output) {
    if (!validImage(pixels, width, height, channels)) return fail("not an 8-bit gray or RGB image");
    if (output == nullptr) return fail("the output has no pixels");
    return guarded([&] {
        // OpenCV's positive angles turn counter-clockwise.
        cv::Mat turn = cv::getRotationMatrix2D(cv::Point2f(width / 2.0f, height / 2.0f), -degrees, 1);
        cv::Mat result = wrap(output, width, height, channels);
        cv::warpAffine(wrap(pixels, width, height, channels), result, turn, result.size(), cv::INTER_CUBIC,
                       cv::BORDER_REPLICATE);
    });
}

extern "C" int ocrkit_cv_flatten_lighting(const uint8_t *pixels, int width, int height, int channels,
                                          uint8_t *output) {
    if (!validImage(pixels, width, height, channels)) return fail("not an 8-bit gray or RGB image");
    if (output == nullptr) return fail("the output has no pixels");
    return guarded([&] {
        cv::Mat image = wrap(pixels, width, height, channels), paper;
        // Closing with a kernel wider than strokes erases the ink and leaves the paper's light.
        int side = std::max(15, std::min(width, height) / 30) | 1;
        cv::morphologyEx(image, paper, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(side, side)));
        cv::GaussianBlur(paper, paper, cv::Size(side, side), 0);
        cv::Mat result = wrap(output, width, height, channels);
        cv::divide(image, paper, result, 255);
    });
}

#else

extern "C" int ocrkit_cv_is_available(void) { return 0; }

static int unavailable() { return fail(ocrkit_cv_unavailability()); }

extern "C" int ocrkit_cv_find_page(const uint8_t *, int, int, int, double, ocrkit_cv_point[4], double *) {
    return unavailable();
}
extern "C" int ocrkit_cv_warp_quad(const uint8_t *, int, int, int, const ocrkit_cv_point[4], uint8_t *, int, int) {
    return unavailable();
}
extern "C" int ocrkit_cv_estimate_skew(const uint8_t *, int, int, int, double, double *, double *) { return unavailable(); }
extern "C" int ocrkit_cv_rotate(const uint8_t *, int, int, int, double, uint8_t *) { return unavailable(); }
extern "C" int ocrkit_cv_flatten_lighting(const uint8_t *, int, int, int, uint8_t *) { return unavailable(); }

#endif
